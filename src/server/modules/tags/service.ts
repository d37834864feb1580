// Tags of pages: set a page's tags, list tags with their counts, autocomplete. Every count and
// name comes only from pages the viewer may list, so a hidden page's tags reveal nothing.
import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pageTags, tags } from '../../db/schema';
import { badRequest, conflict, forbidden } from '../../lib/app-error';
import type { EventBus } from '../../lib/events';
import { newId } from '../../lib/ids';
import { canEditPage, type AccessContext } from '../../policies/page-access';
import { prepareTagsOfPage } from './queries';
import { normalizeTagName, TAGS_PER_PAGE_MAX, type TagCount } from '../../../shared/social-types';
import type { PagesService } from '../pages/service';
import { PAGES, listedPages } from '../pages/scopes';
import { listingKey, listingMemo } from '../pages/listing-memo';
import type { RowMemo } from '../../db/row-watch';

/** Validated, de-duplicated (case-insensitively) tag names; 400 `invalid_tag` otherwise. */
export function normalizeTagList(input: string[]): string[] {
  const byKey = new Map<string, string>();
  for (const raw of input) {
    const name = normalizeTagName(raw);
    if (name === null) throw badRequest('invalid_tag', 'social.invalid_tag', { tag: raw.slice(0, 80) });
    if (!byKey.has(name.toLowerCase())) byKey.set(name.toLowerCase(), name);
  }
  if (byKey.size > TAGS_PER_PAGE_MAX) {
    throw badRequest('too_many_tags', 'social.too_many_tags', { limit: TAGS_PER_PAGE_MAX });
  }
  return [...byKey.values()];
}

export class TagsService {
  readonly tagsOfPage: (pageId: string) => string[];
  /** The tags page's counts as each reader's visibility sees them (issue 32: a grouped scan). */
  private readonly lists: RowMemo<{ data: TagCount[]; totalCount: number }>;

  constructor(
    private readonly db: Db,
    private readonly pages: PagesService,
    private readonly events: EventBus,
  ) {
    this.tagsOfPage = prepareTagsOfPage(db.$client);
    this.lists = listingMemo(db.$client, ['page_tags', 'tags']);
  }

  /** The tags of a page the viewer may read. */
  ofPage(ctx: AccessContext, pageId: string): string[] {
    this.pages.readable(ctx, pageId);
    return this.tagsOfPage(pageId);
  }

  /**
   * Replaces a page's tags. `revisionId` is the revision the user was looking at: tags of a page
   * someone saved since are still set (tags are not part of the text), but an unknown page, one in
   * the trash or one the user may not edit is refused.
   */
  update(
    ctx: AccessContext & { viewer: { id: string } },
    input: { pageId: string; revisionId: string; tags: string[] },
  ): string[] {
    const names = normalizeTagList(input.tags);
    const path = this.db.transaction((tx) => {
      const page = this.pages.readable(ctx, input.pageId);
      if (!canEditPage(ctx, page)) throw forbidden();
      if (page.status !== 'published') throw conflict('page_in_trash', 'social.page_in_trash');
      tx.delete(pageTags).where(eq(pageTags.pageId, page.id)).run();
      this.tagNewPage(page.id, names); // the same connection: inside this transaction
      // Tags nobody uses any more disappear from autocomplete.
      tx.run(sql`DELETE FROM tags WHERE NOT EXISTS (SELECT 1 FROM page_tags WHERE tag_id = tags.id)`);
      return page.path;
    });
    this.events.emit('page:tags-updated', { pageId: input.pageId, path, userId: ctx.viewer.id });
    return this.tagsOfPage(input.pageId);
  }

  /** Gives a page with no tags these valid names, in the caller's transaction. */
  tagNewPage(pageId: string, names: string[]): void {
    for (const name of names) {
      const key = name.toLowerCase();
      this.db.insert(tags).values({ id: newId(), name, nameKey: key }).onConflictDoNothing().run();
      const tag = this.db.select({ id: tags.id }).from(tags).where(eq(tags.nameKey, key)).get();
      if (tag) this.db.insert(pageTags).values({ pageId, tagId: tag.id }).onConflictDoNothing().run();
    }
  }

  private listableTagged(ctx: AccessContext) {
    return listedPages(ctx);
  }

  /** Tags with the number of pages the viewer may list, most used first. */
  list(ctx: AccessContext, limit: number, offset: number): { data: TagCount[]; totalCount: number } {
    return this.lists.get(listingKey(ctx, limit, offset), () => this.readList(ctx, limit, offset))!;
  }

  private readList(ctx: AccessContext, limit: number, offset: number) {
    const count = sql<number>`count(*)`;
    const base = () =>
      this.db
        .select({ name: tags.name, count })
        .from(pageTags)
        .innerJoin(tags, eq(tags.id, pageTags.tagId))
        .innerJoin(PAGES, eq(PAGES.id, pageTags.pageId))
        .where(this.listableTagged(ctx))
        .groupBy(tags.id);
    const data = base().orderBy(desc(count), asc(tags.nameKey)).limit(limit).offset(offset).all();
    const totalCount = this.db.get<{ n: number }>(sql`SELECT count(*) AS n FROM (${base()})`)?.n ?? 0;
    return { data, totalCount };
  }

  /** Autocomplete: tag names starting with `q` (any case) on pages the viewer may list. */
  search(ctx: AccessContext, q: string, limit = 10): string[] {
    const key = q.trim().toLowerCase();
    if (key === '') return [];
    return this.db
      .selectDistinct({ name: tags.name, key: tags.nameKey })
      .from(tags)
      .innerJoin(pageTags, eq(pageTags.tagId, tags.id))
      .innerJoin(PAGES, eq(PAGES.id, pageTags.pageId))
      .where(and(gte(tags.nameKey, key), lt(tags.nameKey, key + '\uffff'), this.listableTagged(ctx)))
      .orderBy(asc(tags.nameKey))
      .limit(limit)
      .all()
      .map((row) => row.name);
  }
}
