// HTTP for page history (contracts: shared/contracts/revisions.ts): permission (requireReader /
// editorAccess here, canReadPage and canEditPage in the services), the service call, the reply.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { badRequest } from '../../lib/app-error';
import { contractRoute } from '../../lib/contract-route';
import { editorAccess, requireReader, userAccess } from '../../lib/guards';
import {
  revisionChanges,
  revisionDiffs,
  revisionGet,
  revisionLineDiff,
  revisionRestore,
  revisionsList,
} from '../../../shared/contracts/revisions';

/** An ISO 8601 time as ms, or 400 naming the field. */
function timeOf(field: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const ms = Date.parse(value);
  if (!Number.isFinite(ms)) throw badRequest('invalid_date', 'errors.syntax_invalid', { field });
  return ms;
}

export default async function revisionRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  contractRoute(app, revisionsList, async (request) => {
    const { pageId, page, limit } = request.query;
    return ctx.revisions.list(requireReader(request), pageId, page, limit);
  });

  contractRoute(app, revisionLineDiff, async (request) => {
    const { pageId, to, from } = request.query;
    return ctx.revisions.diff(requireReader(request), pageId, to, from);
  });

  contractRoute(app, revisionChanges, async (request) => {
    const access = userAccess(request);
    const { limit, cursor } = request.query;
    const since = timeOf('since', request.query.since) ?? 0;
    const fromDate = timeOf('fromDate', request.query.fromDate) ?? 0;
    const to = timeOf('toDate', request.query.toDate) ?? 8.64e15;
    return ctx.revisionChanges.list(access, { from: Math.max(since, fromDate), to }, limit, cursor);
  });

  contractRoute(app, revisionDiffs, async (request) => ({
    results: ctx.revisionChanges.diffs(userAccess(request), request.body.pairs, request.body.contextLines),
  }));

  contractRoute(app, revisionGet, async (request) => ({
    revision: ctx.revisions.get(requireReader(request), request.query.pageId, request.params.id),
  }));

  contractRoute(app, revisionRestore, async (request) => ({
    page: ctx.revisions.restore(editorAccess(request), request.body),
  }));
}
