// A user's public profile, for their home page `/user/{username}` (SPEC §2): name, username, and the
// e-mail address only when they disclose it. Only active users have one.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { requireReader } from '../../lib/guards';
import { USER_STATUS, type UserProfileResponse } from '../../../shared/account-types';
import { userNotFound } from './admin-service';
import { contractRoute } from '../../lib/contract-route';
import { userProfile } from '../../../shared/contracts/app-config';

export default async function userProfileRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  // Permission: whoever may read the wiki (guests in read-only mode too, as user pages are pages).
  contractRoute(app, userProfile, async (request): Promise<UserProfileResponse> => {
    requireReader(request);
    const user = ctx.users.findByUsername(request.params.username);
    if (!user || user.status !== USER_STATUS.active) throw userNotFound();
    return {
      user: {
        _id: user.id,
        username: user.username,
        name: user.name,
        email: user.isEmailPublished ? user.email : null,
        createdAt: user.createdAt.toISOString(),
      },
    };
  });
}
