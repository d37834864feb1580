// GROWI's user look-ups for signed-in people (`GET /users/usernames` for mention and filter
// boxes, `GET /users/list` for names by id): no password, no token, and an e-mail address only
// when its owner publishes it. Names from the audit log ("activity snapshot users") are for admins.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { requireAdmin, requireUser } from '../../lib/guards';
import { contractRoute } from '../../lib/contract-route';
import type { AnswerOf } from '../../../shared/contracts/define';
import { usersByIds, usersUpdateImageUrlCache, usersUsernames } from '../../../shared/contracts/users';
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
  ...(user.lastLoginAt ? { lastLoginAt: user.lastLoginAt.toISOString() } : {}),
});

export default async function userLookupRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  contractRoute(app, usersUsernames, async (request) => {
    const user = requireUser(request);
    const { q, offset, limit } = request.query;
    const options = parseOptions(request.query.options);
    const answer: AnswerOf<typeof usersUsernames> = {};
    if (options.isIncludeActiveUser !== false)
      answer.activeUser = ctx.userAdmin.usernames(q, [USER_STATUS.active], offset, limit);
    if (options.isIncludeInactiveUser === true)
      answer.inactiveUser = ctx.userAdmin.usernames(q, INACTIVE, offset, limit);
    if (options.isIncludeActivitySnapshotUser === true && user.admin)
      answer.activitySnapshotUser = ctx.audit.usernames(q, offset, limit);
    if (options.isIncludeMixedUsernames && (user.admin || !options.isIncludeActivitySnapshotUser)) {
      const lists = [answer.activeUser, answer.inactiveUser, answer.activitySnapshotUser].map(
        (list) => list?.usernames ?? [],
      );
      answer.mixedUsernames = [...new Set(lists.flat())];
    }
    return answer;
  });

  contractRoute(app, usersByIds, async (request) => {
    requireUser(request);
    const ids = request.query.userIds?.split(',').filter(Boolean);
    const rows = ids ? ids.map((id) => ctx.users.findById(id)) : ctx.userAdmin.all();
    return { users: rows.filter((row): row is UserRow => row !== undefined).map(toListedUser) };
  });

  // GROWI refreshes stored avatar addresses here; Quire works them out on every read (imageUrlOf),
  // so there is nothing to refresh: the call is checked (admins, real ids) and answered.
  contractRoute(app, usersUpdateImageUrlCache, async (request) => {
    requireAdmin(request);
    return {};
  });
}
