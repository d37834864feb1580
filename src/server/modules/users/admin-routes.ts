// Users admin (`/admin/users`): HTTP only. Permission: requireAdmin on every route (403 for users).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { requireAdmin } from '../../lib/guards';
import { requestLang, translator } from '../../lib/i18n';
import type {
  AdminUserResponse,
  InviteRequest,
  InviteResponse,
  ResetPasswordResponse,
  UsersListResponse,
} from '../../../shared/account-types';
import { toAdminUser } from './admin-service';
import { queueInvitationMails } from '../notifications/mail/invitation-mail';
import { toUserSummary, type UserRow } from './service';
import { ID, jsonBody } from '../../lib/schemas';

const ID_PARAMS = { type: 'object', required: ['id'], properties: { id: ID } } as const;

type Toggle = (ctx: AppContext, actor: UserRow, id: string) => UserRow;
const TOGGLES: Record<string, Toggle> = {
  'grant-admin': (ctx, actor, id) => ctx.userAdmin.setAdmin(actor.id, id, true),
  'revoke-admin': (ctx, actor, id) => ctx.userAdmin.setAdmin(actor.id, id, false),
  'grant-read-only': (ctx, _actor, id) => ctx.userAdmin.setReadOnly(id, true),
  'revoke-read-only': (ctx, _actor, id) => ctx.userAdmin.setReadOnly(id, false),
  activate: (ctx, _actor, id) => ctx.userAdmin.activate(id),
  deactivate: (ctx, actor, id) => ctx.userAdmin.deactivate(actor.id, id),
};

export default async function userAdminRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.get<{
    Querystring: { page: number; limit: number; searchText?: string; selectedStatusList?: number[] };
  }>(
    '/users',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: {
            page: { type: 'integer', minimum: 1, maximum: 10_000_000, default: 1 },
            limit: { type: 'integer', minimum: 1, maximum: 100, default: 50 },
            searchText: { type: 'string', maxLength: 256 },
            selectedStatusList: {
              type: 'array',
              maxItems: 4,
              items: { type: 'integer', enum: [1, 2, 3, 5] },
            },
          },
        },
      },
    },
    async (request): Promise<UsersListResponse> => {
      requireAdmin(request);
      const { page, limit, searchText, selectedStatusList } = request.query;
      return ctx.userAdmin.list({ page, limit, searchText, statuses: selectedStatusList });
    },
  );

  app.post<{ Body: InviteRequest }>(
    '/users/invite',
    jsonBody(
      {
        shapedEmailList: {
          type: 'array',
          minItems: 1,
          maxItems: 100,
          items: { type: 'string', maxLength: 254 },
        },
        sendEmail: { type: 'boolean', default: false },
      },
      { required: ['shapedEmailList'] },
    ),
    async (request, reply) => {
      const admin = requireAdmin(request);
      const result = await ctx.userAdmin.invite(request.body.shapedEmailList, admin.lang);
      // "Send e-mail": each invitee gets their temporary password by mail, through the outbox.
      if (request.body.sendEmail) queueInvitationMails(ctx, request, result.createdUserList, admin.lang);
      const t = translator(requestLang(request));
      const translated: InviteResponse = {
        ...result,
        failedEmailList: result.failedEmailList.map((f) => ({ email: f.email, reason: t(f.reason) })),
      };
      return reply.status(201).send(translated);
    },
  );

  for (const [action, toggle] of Object.entries(TOGGLES)) {
    app.put<{ Params: { id: string } }>(
      `/users/:id/${action}`,
      { schema: { params: ID_PARAMS } },
      async (request): Promise<AdminUserResponse> => {
        const admin = requireAdmin(request);
        return { userData: toAdminUser(toggle(ctx, admin, request.params.id)) };
      },
    );
  }

  app.put<{ Body: { id: string } }>(
    '/users/reset-password',
    { schema: { body: { type: 'object', required: ['id'], properties: { id: ID } } } },
    async (request): Promise<ResetPasswordResponse> => {
      requireAdmin(request);
      const { user, newPassword } = await ctx.userAdmin.resetPassword(request.body.id);
      return { newPassword, user: toUserSummary(user) };
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/users/:id/remove',
    { schema: { params: ID_PARAMS } },
    async (request: FastifyRequest<{ Params: { id: string } }>): Promise<AdminUserResponse> => {
      const admin = requireAdmin(request);
      return { userData: toAdminUser(ctx.userAdmin.remove(admin.id, request.params.id)) };
    },
  );
}
