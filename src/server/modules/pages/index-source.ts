// What an index of pages (search's) reads from the database: the pages module's prepared
// statements over pages, their latest revision and their tags, on any connection (the server's, or
// a build worker's read-only one), so an indexer never reads the pages table itself. Placeholder
// pages without a revision (tree ancestors nobody wrote) are not pages anyone can find: the inner
// join leaves them out.
import type Database from 'better-sqlite3';
import { prepareAllPageTags, prepareTagsOfPage } from '../tags/queries';

export interface IndexablePage {
  id: string;
  path: string;
  grant: number;
  creatorId: string | null;
  grantedGroupIds: string | null;
  updatedAt: number;
  body: string;
  tags: string[];
}

/** The facts reconciliation compares, without bodies: id, path, grant, creator, groups, update time. */
export type PageStampRow = [string, string, number, string | null, string | null, number];
/** A page id and the name of one of its tags. */
export type PageTagRow = [string, string];

type Row = Omit<IndexablePage, 'tags'>;

const COLUMNS = `p.id AS id, p.path AS path, p."grant" AS "grant", p.creator_id AS creatorId,
  p.granted_group_ids AS grantedGroupIds, p.updated_at AS updatedAt`;

export class PageSource {
  private readonly byIds: Database.Statement<[string], Row>;
  private readonly batchAfter: Database.Statement<[string, number], Row>;
  private readonly bodies: Database.Statement<[string], { id: string; body: string }>;
  private readonly stamps: Database.Statement<[], PageStampRow>;
  private readonly tagRows: () => IterableIterator<PageTagRow>;
  private readonly countAll: Database.Statement<[], { n: number }>;
  /** A page's tags (issue 7); a change of tags emits `page:tags-updated`, which re-indexes the page. */
  private readonly tagsOfPage: (pageId: string) => string[];

  /** Any connection to the wiki's database: the server's own, or a build worker's read-only one. */
  constructor(sqlite: Database.Database) {
    const from = `FROM pages p JOIN revisions r ON r.id = p.revision_id`;
    this.byIds = sqlite.prepare(
      `SELECT ${COLUMNS}, r.body AS body ${from} WHERE p.id IN (SELECT value FROM json_each(?))`,
    );
    this.batchAfter = sqlite.prepare(
      `SELECT ${COLUMNS}, r.body AS body ${from} WHERE p.id > ? ORDER BY p.id LIMIT ?`,
    );
    this.bodies = sqlite.prepare(
      `SELECT p.id AS id, r.body AS body ${from} WHERE p.id IN (SELECT value FROM json_each(?))`,
    );
    // The pages that have a revision, without reading the revisions: their rows hold the bodies, and
    // touching every one (at each start, or each look at the admin's index page) put the whole
    // table in this process's memory map (~180 MB at 100k pages). The foreign key keeps it exact.
    const withRevision = 'FROM pages p WHERE p.revision_id IS NOT NULL';
    // Rows as arrays: 100k objects at every start cost a third of the scan.
    this.stamps = sqlite.prepare<[], PageStampRow>(`SELECT ${COLUMNS} ${withRevision}`).raw();
    this.tagRows = prepareAllPageTags(sqlite);
    this.countAll = sqlite.prepare(`SELECT count(*) AS n ${withRevision}`);
    this.tagsOfPage = prepareTagsOfPage(sqlite);
  }

  private withTags(row: Row): IndexablePage {
    return { ...row, tags: this.tagsOfPage(row.id) };
  }

  /** The pages among these ids that exist (with a revision); missing ids were deleted. */
  byId(ids: string[]): IndexablePage[] {
    return this.byIds.all(JSON.stringify(ids)).map((row) => this.withTags(row));
  }

  /** Pages in id order after `afterId`: the build walks the table in slices. */
  batch(afterId: string, limit: number): IndexablePage[] {
    return this.batchAfter.all(afterId, limit).map((row) => this.withTags(row));
  }

  bodiesOf(ids: string[]): Map<string, string> {
    return new Map(this.bodies.all(JSON.stringify(ids)).map((row) => [row.id, row.body]));
  }

  allStamps(): IterableIterator<PageStampRow> {
    return this.stamps.iterate();
  }

  allTagRows(): IterableIterator<PageTagRow> {
    return this.tagRows();
  }

  count(): number {
    return this.countAll.get()?.n ?? 0;
  }
}
