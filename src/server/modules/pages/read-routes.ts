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
import { metaSourceOf, type PageMetaSource } from './page-meta';
import { cachedPage } from './read-cache';

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
    if ('head' in read) {
      // The count of pages below is the reader's own (visible-counts.ts): the kept answer is
      // sent as it is only when it already says what this reader may see.
      const count = ctx.pages.counts.of(access, read.path, read.descendantCount);
      const seenUsers = ctx.likes.markSeen(viewerId, read.pageId, read.seenUsers);
      // Counted once per kept answer: the hot path asks the database for nothing.
      read.bookmarkCount ??= ctx.likes.bookmarkCount(read.pageId);
      const meta = metaOf(access, read.meta, { _id: read.pageId, seenUsers }, count, read.bookmarkCount);
      if (count === read.descendantCount) {
        const page = `${read.head}${JSON.stringify(seenUsers)}${read.tail.slice(0, -1)}`;
        return reply.type(JSON_UTF8).send(`${page},"meta":${writeMeta(meta)}}`);
      }
      return { page: { ...cachedPage(read), seenUsers: [...seenUsers], descendantCount: count }, meta };
    }
    const count = ctx.pages.counts.of(access, read.page.path, read.page.descendantCount);
    const seenUsers = ctx.likes.markSeen(viewerId, read.page._id, read.page.seenUsers);
    const page = { ...read.page, seenUsers: [...seenUsers], descendantCount: count };
    return { ...read, page, meta: metaOf(access, metaSourceOf(page), page, count) };
  });
}
