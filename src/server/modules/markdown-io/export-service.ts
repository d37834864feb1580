// Markdown out: one page as a `.md` file, or a page and everything below it as a zip of `.md`
// files with their attachments. Every page goes through the permission function: the page asked
// for may be any the caller may read (`canReadPage`: "anyone with the link" too), the pages below
// it follow the listing rule (`listablePages`, `canListPage`) as the tree and search do, so an
// export never carries a link-only page nobody named, nor counts pages the caller may not list.
import path from 'node:path';
import { Readable } from 'node:stream';
import yazl from 'yazl';
import type { Db } from '../../db/client';
import { and, asc } from 'drizzle-orm';

import type { AccessContext } from '../../policies/page-access';
import { canListPage, canReadPage } from '../../policies/page-access';
import type { AttachmentsService } from '../attachments/service';
import type { PagesService } from '../pages/service';
import type { TagsService } from '../tags/service';
import {
  fileOfPage,
  folderOfPage,
  frontMatterOf,
  markdownFile,
  rewriteAttachmentLinks,
  titleOf,
} from './markdown-file';
import { cleanFileName } from '../attachments/file-names';
import { PAGES, listedPages, pagesBelow } from '../pages/scopes';

const MAX_ATTACHMENTS_PER_PAGE = 10_000;

export interface MarkdownDownload {
  fileName: string;
  content: string;
}

export interface ZipDownload {
  fileName: string;
  stream: Readable;
  /** Pages considered (some may turn out unreadable). */
  total: number;
  done: Promise<number>;
}

export type ExportProgress = (current: number, total: number) => void;

/** Pages added between two turns of the event loop. */
const BATCH = 100;

export class MarkdownExportService {
  constructor(
    private readonly db: Db,
    private readonly pages: PagesService,
    private readonly tags: TagsService,
    private readonly attachments: AttachmentsService,
  ) {}

  /** One readable page as Markdown with front matter (404 for pages the caller may not read). */
  page(access: AccessContext, pageId: string): MarkdownDownload {
    const page = this.pages.get(access, { id: pageId });
    const tags = this.tags.ofPage(access, pageId);
    return {
      fileName: `${titleOf(page.path)}.md`,
      content: markdownFile(frontMatterOf(page, tags), page.revision.body),
    };
  }

  /**
   * The page and every readable, written page below it, as a zip; attachments beside their page.
   * Pages are added a batch at a time while the zip streams out, so a large subtree neither blocks
   * the server nor waits whole in memory; `done` resolves with how many pages went in.
   */
  subtree(access: AccessContext, pageId: string, onProgress: ExportProgress = () => {}): ZipDownload {
    const root = this.pages.get(access, { id: pageId });
    const below = this.db
      .select({ id: PAGES.id })
      .from(PAGES)
      .where(and(pagesBelow(root.path), listedPages(access)))
      .orderBy(asc(PAGES.path))
      .all();
    const rows = root.status === 'published' ? [{ id: root._id }, ...below] : below;
    const zip = new yazl.ZipFile();
    const done = (async () => {
      // First where every file goes: a page may show another page's attachment, and its link must
      // point at that file in the zip (a link to this wiki's /attachment/… would dangle elsewhere).
      const places = await this.placeFiles(access, rows, root._id);
      let count = 0;
      for (const [index, { id }] of rows.entries()) {
        if (index % BATCH === 0) {
          // Yield first: the caller has the download in hand before any progress is told.
          await new Promise((resolve) => setImmediate(resolve));
          onProgress(index, rows.length);
        }
        if (this.addPage(zip, access, id, places)) count += 1;
      }
      zip.end();
      onProgress(rows.length, rows.length);
      return count;
    })();
    done.catch((err: unknown) => zip.outputStream.emit('error', err));
    return {
      fileName: `${titleOf(root.path)}.zip`,
      stream: zip.outputStream as Readable,
      total: rows.length,
      done,
    };
  }

  /** The page's row when the reader may have it in the export (the page named, or one they may list). */
  private exportable(access: AccessContext, id: string, named: boolean) {
    const facts = this.pages.facts(id);
    if (!facts || facts.isEmpty || facts.status !== 'published') return null;
    return (named ? canReadPage(access, facts) : canListPage(access, facts)) ? facts : null;
  }

  /** Each exported page's file and each of its attachments' file (`unique` in page order). */
  private async placeFiles(
    access: AccessContext,
    rows: { id: string }[],
    rootId: string,
  ): Promise<FilePlaces> {
    const places: FilePlaces = { pages: new Map(), attachments: new Map(), byPage: new Map() };
    const used = new Set<string>();
    for (const [index, { id }] of rows.entries()) {
      if (index % BATCH === 0) await new Promise((resolve) => setImmediate(resolve));
      const facts = this.exportable(access, id, id === rootId);
      if (!facts) continue;
      const file = fileOfPage(facts.path);
      const { docs } = this.attachments.list({ kind: 'viewer', ctx: access }, id, {
        page: 1,
        limit: MAX_ATTACHMENTS_PER_PAGE,
      });
      for (const attachment of docs) {
        places.attachments.set(
          attachment._id,
          unique(path.posix.join(folderOfPage(file), cleanFileName(attachment.originalName)), used),
        );
      }
      places.byPage.set(id, docs);
      places.pages.set(id, unique(file, used));
    }
    return places;
  }

  /** One page and its attachments into the zip, if it was placed (the reader may have it). */
  private addPage(zip: yazl.ZipFile, access: AccessContext, id: string, places: FilePlaces): boolean {
    const entry = places.pages.get(id);
    if (entry === undefined || this.exportable(access, id, true) === null) return false;
    const page = this.pages.get(access, { id });
    for (const attachment of places.byPage.get(id) ?? []) {
      const target = places.attachments.get(attachment._id) as string;
      // Opened when the zip reaches it: a bucket's connections are not held while others stream.
      zip.addReadStreamLazy(target, { mtime: new Date(attachment.createdAt) }, (cb) => {
        this.attachments.storage.open(attachment._id).then(
          (stream) => cb(null, stream ?? Readable.from([])),
          (err: unknown) => cb(err, Readable.from([])),
        );
      });
    }
    const body = rewriteAttachmentLinks(page.revision.body, fileOfPage(page.path), places.attachments);
    const content = markdownFile(frontMatterOf(page, this.tags.ofPage(access, id)), body);
    zip.addBuffer(Buffer.from(content), entry, { mtime: new Date(page.updatedAt) });
    return true;
  }
}

interface FilePlaces {
  /** Page id → its file in the zip. */
  pages: Map<string, string>;
  /** Attachment id → its file in the zip, for every exported page's attachments. */
  attachments: Map<string, string>;
  /** Page id → its attachments (listed once). */
  byPage: Map<string, { _id: string; createdAt: string }[]>;
}

/** `a/b.png` → `a/b-2.png` when taken. */
function unique(name: string, used: Set<string>): string {
  let candidate = name;
  const ext = path.posix.extname(name);
  for (let n = 2; used.has(candidate); n++)
    candidate = `${name.slice(0, name.length - ext.length)}-${n}${ext}`;
  used.add(candidate);
  return candidate;
}
