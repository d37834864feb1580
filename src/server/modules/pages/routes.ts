// HTTP for pages: validation, permission, the service call, the reply.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { unauthorized } from '../../lib/app-error';
import { editorAccess, requireReader } from '../../lib/guards';
import type { PageCreateRequest, PageUpdateRequest, SlackNotifyFields } from '../../../shared/api-types';
import { SLACK_CHANNEL_LIST_PATTERN } from '../../../shared/notification-rules';
import { ID, jsonBody, OFFSET_PAGING } from '../../lib/schemas';
import { MAX_BODY_LENGTH } from './limits';

const BODY = { type: 'string', maxLength: MAX_BODY_LENGTH } as const;
const PATH = { type: 'string', minLength: 1, maxLength: 2048 } as const;
/** GROWI's grant fields of page create and update (see GrantFields). */
export const GRANT_FIELDS = {
  grant: { type: 'integer', enum: [1, 2, 4, 5] },
  grantUserGroupIds: {
    type: 'array',
    maxItems: 50,
    items: {
      type: 'object',
      required: ['item'],
      properties: { type: { type: 'string', enum: ['UserGroup'] }, item: ID },
    },
  },
  confirmWiderGrant: { type: 'boolean' },
} as const;

/** GROWI's user-trigger fields (see SlackNotifyFields); the channels are checked like the admin's. */
export const SLACK_FIELDS = {
  isSlackEnabled: { type: 'boolean' },
  slackChannels: {
    type: 'string',
    maxLength: 500,
    pattern: `^(${SLACK_CHANNEL_LIST_PATTERN.slice(1, -1)})?$`,
  },
} as const;

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
  app.post<{ Body: PageCreateRequest }>(
    '/page',
    jsonBody(
      {
        path: { type: 'string', minLength: 1, maxLength: 2048 },
        body: BODY,
        wip: { type: 'boolean' },
        // GROWI's clients tag the new page in the same call; names are checked as tags.update does.
        pageTags: { type: 'array', maxItems: 200, items: { type: 'string', maxLength: 400 } },
        ...GRANT_FIELDS,
        ...SLACK_FIELDS,
      },
      { required: ['path'] },
    ),
    async (request, reply) => {
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
      return reply
        .status(201)
        .send({ page, tags: ctx.tags.ofPage(access, page._id), revision: page.revision });
    },
  );

  app.put<{ Body: PageUpdateRequest }>(
    '/page',
    jsonBody(
      { pageId: ID, revisionId: ID, body: BODY, ...GRANT_FIELDS, ...SLACK_FIELDS },
      { required: ['pageId', 'revisionId', 'body'] },
    ),
    // Permission: signed in and not read-only (editorAccess), canEditPage inside the service.
    async (request) => {
      const access = editorAccess(request);
      const page = await ctx.saves.run(() => {
        const saved = ctx.pages.update(access, request.body);
        tellSlack(request.body, saved, 'update', access.viewer.id);
        return saved;
      });
      return { page, revision: page.revision };
    },
  );

  app.get<{ Querystring: { path: string } }>(
    '/pages/template',
    { schema: { querystring: { type: 'object', required: ['path'], properties: { path: PATH } } } },
    // Permission: requireReader here, canReadPage on each template inside the service.
    async (request) => ({ template: ctx.pages.template(requireReader(request), request.query.path) }),
  );

  app.get<{ Querystring: { limit: number; offset: number } }>(
    '/pages/recent',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: OFFSET_PAGING,
        },
      },
    },
    async (request) => {
      if (!request.user && request.access.restrictGuestMode === 'Deny') throw unauthorized();
      // Permission: listablePages inside the service.
      return ctx.pages.recent(request.access, request.query.limit, request.query.offset);
    },
  );
}
