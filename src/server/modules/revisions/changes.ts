// GROWI's changes index and batch diffs (`GET /revisions/changes`, `POST /revisions/diff`): a
// client that syncs what its user wrote asks for the user's runs — consecutive revisions of one
// page by that user, not interrupted by someone else — and then for unified diffs of them.
// Runs come in keyset order (latest revision time, then its id) so a cursor stays stable.
import { createPatch } from 'diff';
import type Database from 'better-sqlite3';
import { badRequest } from '../../lib/app-error';
import { canReadPage, type AccessContext } from '../../policies/page-access';
import type { PagesService } from '../pages/service';
import { prepareRevisionQueries } from '../pages/revision-queries';

export interface ChangeRun {
  pageId: string;
  path: string | null;
  fromRevisionId: string | null;
  toRevisionId: string;
  authorId: string;
  latestUpdatedAt: string;
  accessible: boolean;
  deleted: boolean;
}

interface Cursor {
  at: number;
  id: string;
}

export interface DiffPair {
  pageId: string;
  toRevisionId: string;
  fromRevisionId?: string | null;
}

export interface DiffResult {
  pageId: string;
  toRevisionId: string;
  status: 'ok' | 'forbidden' | 'invalid';
  diff?: string;
}

const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');

function decodeCursor(token: string): Cursor {
  try {
    const value = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as Partial<Cursor>;
    if (typeof value.at === 'number' && Number.isFinite(value.at) && typeof value.id === 'string')
      return { at: value.at, id: value.id };
  } catch {
    // falls through to the 400 below
  }
  throw badRequest('invalid_cursor', 'errors.syntax_invalid', { field: 'cursor' });
}

export class RevisionChanges {
  private queries?: ReturnType<typeof prepareRevisionQueries>;

  constructor(
    private readonly sqlite: Database.Database,
    private readonly pages: PagesService,
  ) {}

  private get q() {
    return (this.queries ??= prepareRevisionQueries(this.sqlite));
  }

  /** The user's runs from `from` to `to` (ms), `limit` of them after `cursor`. */
  list(
    ctx: AccessContext & { viewer: { id: string } },
    range: { from: number; to: number },
    limit: number,
    cursorToken?: string,
  ): { changes: ChangeRun[]; next: string | null } {
    if (range.to < range.from)
      throw badRequest('invalid_range', 'errors.syntax_invalid', { field: 'toDate' });
    const cursor = cursorToken === undefined ? null : decodeCursor(cursorToken);
    const userId = ctx.viewer.id;
    const open = new Map<string, { from: string | null; to: string; at: number }>();
    const runs: { pageId: string; from: string | null; to: string; at: number }[] = [];
    for (const row of this.q.userEdits(userId, range.from, range.to)) {
      const current = open.get(row.page_id);
      if (row.prev_author === userId && current) {
        current.to = row.id;
        current.at = row.created_at;
        continue;
      }
      if (current) runs.push({ pageId: row.page_id, ...current });
      open.set(row.page_id, { from: row.prev_id, to: row.id, at: row.created_at });
    }
    for (const [pageId, run] of open) runs.push({ pageId, ...run });
    runs.sort((a, b) => a.at - b.at || (a.to < b.to ? -1 : a.to > b.to ? 1 : 0));
    const after = cursor
      ? runs.filter((run) => run.at > cursor.at || (run.at === cursor.at && run.to > cursor.id))
      : runs;
    const page = after.slice(0, limit);
    const last = page.at(-1);
    const next = after.length > limit && last ? encodeCursor({ at: last.at, id: last.to }) : null;
    return {
      changes: page.map((run) => {
        const facts = this.pages.facts(run.pageId);
        const accessible = !!facts && !facts.isEmpty && canReadPage(ctx, facts);
        return {
          pageId: run.pageId,
          path: accessible ? facts.path : null,
          fromRevisionId: run.from,
          toRevisionId: run.to,
          authorId: userId,
          latestUpdatedAt: new Date(run.at).toISOString(),
          accessible,
          deleted: !facts || facts.status === 'deleted',
        };
      }),
      next,
    };
  }

  /** Unified diffs of revision pairs, in the order asked; each pair answers on its own. */
  diffs(ctx: AccessContext, pairs: DiffPair[], contextLines: number): DiffResult[] {
    return pairs.map(({ pageId, toRevisionId, fromRevisionId }) => {
      const facts = this.pages.facts(pageId);
      if (!facts || facts.isEmpty || !canReadPage(ctx, facts))
        return { pageId, toRevisionId, status: 'forbidden' };
      const to = this.q.bodyOf(toRevisionId, pageId);
      const from = fromRevisionId ? this.q.bodyOf(fromRevisionId, pageId) : '';
      if (to === undefined || from === undefined) return { pageId, toRevisionId, status: 'invalid' };
      const diff = createPatch(facts.path, from, to, '', '', { context: contextLines });
      return { pageId, toRevisionId, status: 'ok', diff };
    });
  }
}
