// HTTP for pages: validation, permission, the service call, the reply.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { editorAccess } from '../../lib/guards';
import type { SlackNotifyFields } from '../../../shared/api-types';
import { contractRoute } from '../../lib/contract-route';
import { pageCreate, pageUpdate } from '../../../shared/contracts/pages';

export default async function pageRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  /** The author ticked Slack: queued right after the save committed (never waited for). */
  const tellSlack = (
    fields: SlackNotifyFields,
    page: { _id: string; revision: { _id: string } },
    kind: 'create' | 'update',
    actorId: string,
  ) => {
    if (!fields.isSlackEnabled || !fields.slackChannels) return;
    ctx.notifications.enqueueUserTrigger({
      kind,
      pageId: page._id,
      revisionId: page.revision._id,
      actorId,
      slackChannels: fields.slackChannels,
    });
  };
  contractRoute(app, pageCreate, async (request, reply) => {
    // Permission: signed in and not read-only (editorAccess); grant checks inside the service.
    const access = editorAccess(request);
    // Answered once the group it joined has committed (db/group-commit.ts).
    const { pageTags } = request.body;
    const page = await ctx.saves.run(() => {
      const created = ctx.pages.create(access, request.body);
      if (pageTags)
        ctx.tags.update(access, { pageId: created._id, revisionId: created.revision._id, tags: pageTags });
      tellSlack(request.body, created, 'create', access.viewer.id);
      return created;
    });
    return reply.status(201).send({ page, tags: ctx.tags.ofPage(access, page._id), revision: page.revision });
  });

  // Permission: signed in and not read-only (editorAccess), canEditPage inside the service.
  contractRoute(app, pageUpdate, async (request) => {
    const access = editorAccess(request);
    const { wip } = request.body;
    const page = await ctx.saves.run(() => {
      const updated = ctx.pages.update(access, request.body);
      const saved = wip === undefined ? updated : ctx.pages.setWip(access, updated._id, wip);
      tellSlack(request.body, saved, 'update', access.viewer.id);
      return saved;
    });
    return { page, revision: page.revision };
  });
}
