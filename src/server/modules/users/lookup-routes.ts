// GROWI's user look-ups for signed-in people (`GET /users/usernames` for mention and filter
// boxes, `GET /users/list` for names by id): no password, no token, and an e-mail address only
// when its owner publishes it. Names from the audit log ("activity snapshot users") are for admins.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { requireAdmin, requireUser } from '../../lib/guards';
import { ID, jsonBody } from '../../lib/schemas';
import { USER_STATUS } from '../../../shared/account-types';
import type { UserRow } from './service';

const INACTIVE = [USER_STATUS.registered, USER_STATUS.suspended, USER_STATUS.invited];

interface UsernamesOptions {
  isIncludeActiveUser?: boolean;
  isIncludeInactiveUser?: boolean;
  isIncludeActivitySnapshotUser?: boolean;
  isIncludeMixedUsernames?: boolean;
}

function parseOptions(text: string | undefined): UsernamesOptions {
  try {
    const parsed: unknown = JSON.parse(text || '{}');
    return parsed && typeof parsed === 'object' ? (parsed as UsernamesOptions) : {};
  } catch {
    return {};
  }
}

/** GROWI's user object for lists, with the e-mail address only when published. */
const toListedUser = (user: UserRow) => ({
  _id: user.id,
  username: user.username,
  name: user.name,
  ...(user.isEmailPublished ? { email: user.email } : {}),
  isEmailPublished: user.isEmailPublished,
  lang: user.lang,
  status: user.status,
  admin: user.admin,
  readOnly: user.readOnly,
  createdAt: user.createdAt.toISOString(),
  lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
});

export default async function userLookupRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.get<{ Querystring: { q: string; offset: number; limit: number; options?: string } }>(
    '/users/usernames',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: {
            q: { type: 'string', maxLength: 256, default: '' },
            offset: { type: 'integer', minimum: 0, maximum: 1_000_000_000, default: 0 },
            limit: { type: 'integer', minimum: 1, maximum: 100, default: 10 },
            options: { type: 'string', maxLength: 1024 },
          },
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { q, offset, limit } = request.query;
      const options = parseOptions(request.query.options);
      const answer: Record<string, unknown> = {};
      if (options.isIncludeActiveUser !== false)
        answer.activeUser = ctx.userAdmin.usernames(q, [USER_STATUS.active], offset, limit);
      if (options.isIncludeInactiveUser === true)
        answer.inactiveUser = ctx.userAdmin.usernames(q, INACTIVE, offset, limit);
      if (options.isIncludeActivitySnapshotUser === true && user.admin)
        answer.activitySnapshotUser = ctx.audit.usernames(q, offset, limit);
      if (options.isIncludeMixedUsernames && (user.admin || !options.isIncludeActivitySnapshotUser)) {
        const lists = ['activeUser', 'inactiveUser', 'activitySnapshotUser'].map(
          (key) => (answer[key] as { usernames: string[] } | undefined)?.usernames ?? [],
        );
        answer.mixedUsernames = [...new Set(lists.flat())];
      }
      return answer;
    },
  );

  app.get<{ Querystring: { userIds?: string } }>(
    '/users/list',
    {
      schema: {
        querystring: { type: 'object', properties: { userIds: { type: 'string', maxLength: 25 * 500 } } },
      },
    },
    async (request) => {
      requireUser(request);
      const ids = request.query.userIds?.split(',').filter(Boolean);
      const rows = ids ? ids.map((id) => ctx.users.findById(id)) : ctx.userAdmin.all();
      return { users: rows.filter((row): row is UserRow => row !== undefined).map(toListedUser) };
    },
  );

  // GROWI refreshes stored avatar addresses here; Quire works them out on every read (imageUrlOf),
  // so there is nothing to refresh: the call is checked (admins, real ids) and answered.
  app.put<{ Body: { userIds: string[] } }>(
    '/users/update.imageUrlCache',
    jsonBody({ userIds: { type: 'array', maxItems: 1000, items: ID } }, { required: ['userIds'] }),
    async (request) => {
      requireAdmin(request);
      return {};
    },
  );
}
