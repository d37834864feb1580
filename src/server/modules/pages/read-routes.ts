// The page read (GROWI's GET /_api/v3/page), the route a wiki answers most: registered in the read
// scope (app.ts), where the session is only read (http/session-reader.ts) and the page comes
// from memory (read-cache.ts), already written by the contract's serializer; only the reader's
// meta is written per request.
import type { FastifyInstance } from 'fastify';
import fastJson from 'fast-json-stringify';
import type { AppContext } from '../../context';
import type { AccessContext } from '../../policies/page-access';
import { badRequest, unauthorized } from '../../lib/app-error';
import { contractRoute } from '../../lib/contract-route';
import { PageMetaSchema, pageRead } from '../../../shared/contracts/pages';
import type { Page } from '../../../shared/api-types';
import { metaSourceOf, type PageMetaSource } from './page-meta';

const JSON_UTF8 = 'application/json; charset=utf-8';
const writeMeta = fastJson(PageMetaSchema);

export default async function pageReadRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const metaOf = (
    access: AccessContext,
    source: PageMetaSource,
    page: { _id: string; seenUsers: readonly string[] },
    count: number,
    bookmarkCount = ctx.likes.bookmarkCount(page._id),
  ) =>
    ctx.pageInfo.meta(access, source, { seenUsers: page.seenUsers, descendantCount: count, bookmarkCount });

  contractRoute(app, pageRead, async (request, reply) => {
    const { path, pageId } = request.query;
    if (!path && !pageId) throw badRequest('required', 'errors.required', { field: 'path' });
    if (!request.user && request.access.restrictGuestMode === 'Deny') throw unauthorized();
    // Permission: canReadPage inside the service; a signed-in reader is recorded as "seen by".
    const access = request.access;
    const viewerId = request.user?.id ?? null;
    const read = ctx.pages.read(access, pageId ? { id: pageId } : { path: path ?? '' });
    if ('json' in read) {
      // The count of pages below is the reader's own (visible-counts.ts): the kept answer is
      // sent as it is only when it already says what this reader may see.
      const count = ctx.pages.counts.of(access, read.path, read.descendantCount);
      if (count === read.descendantCount && ctx.likes.alreadySeen(viewerId, read.pageId, read.seenUsers)) {
        // Counted once per kept answer: the hot path asks the database for nothing.
        read.bookmarkCount ??= ctx.likes.bookmarkCount(read.pageId);
        const page = { _id: read.pageId, seenUsers: read.seenUsers };
        const meta = metaOf(access, read.meta, page, count, read.bookmarkCount);
        return reply.type(JSON_UTF8).send(`${read.json.slice(0, -1)},"meta":${writeMeta(meta)}}`);
      }
      const { page } = JSON.parse(read.json) as { page: Page };
      const seen = ctx.likes.markSeen(viewerId, { ...page, descendantCount: count });
      return { page: seen, meta: metaOf(access, read.meta, seen, count) };
    }
    const count = ctx.pages.counts.of(access, read.page.path, read.page.descendantCount);
    const seen = ctx.likes.markSeen(viewerId, { ...read.page, descendantCount: count });
    return { ...read, page: seen, meta: metaOf(access, metaSourceOf(seen), seen, count) };
  });
}
