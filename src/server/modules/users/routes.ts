// Personal settings of the signed-in user (`/me`): profile, password, picture, API token
// (contracts: shared/contracts/personal-settings.ts). Permission: requireUser (the user's own account only; an invited user may use these).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { requireUser } from '../../lib/guards';
import { AppError } from '../../lib/app-error';
import { accountKeyOf } from '../auth/login-throttle';
import { checkPasswordAttempt } from '../auth/password-attempts';
import { imageUrlOf, toCurrentUser, type UserRow } from './service';
import type { UserStatus } from '../../../shared/account-types';
import { contractRoute } from '../../lib/contract-route';
import { PASSWORD_MIN_LENGTH } from '../../../shared/contracts/user-fields';
import type { AnswerOf } from '../../../shared/contracts/define';
import {
  apiTokenGenerate,
  apiTokenRevoke,
  imageType,
  isPasswordSet,
  passwordChange,
  personalSettings,
  personalSettingsUpdate,
} from '../../../shared/contracts/personal-settings';

function toPersonalSettings(user: UserRow): AnswerOf<typeof personalSettings> {
  return {
    currentUser: {
      ...toCurrentUser(user),
      isEmailPublished: user.isEmailPublished,
      readOnly: user.readOnly,
      status: user.status as UserStatus,
      imageUrlCached: imageUrlOf(user),
      isGravatarEnabled: user.isGravatarEnabled,
      apiTokenCreatedAt: user.apiTokenCreatedAt?.toISOString() ?? null,
    },
  };
}

export default async function userRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  contractRoute(app, personalSettings, async (request) => toPersonalSettings(requireUser(request)));

  contractRoute(app, isPasswordSet, async (request) => ({
    isPasswordSet: requireUser(request).passwordHash !== null,
    minPasswordLength: PASSWORD_MIN_LENGTH,
  }));

  contractRoute(app, personalSettingsUpdate, async (request) => {
    const user = requireUser(request);
    const settings = toPersonalSettings(ctx.users.updateProfile(user.id, request.body));
    return { ...settings, updatedUser: settings.currentUser };
  });

  contractRoute(app, passwordChange, async (request, reply) => {
    const user = requireUser(request);
    // The current password is a password check like any other: a stolen session cannot guess it.
    await checkPasswordAttempt(
      ctx,
      request,
      reply,
      accountKeyOf(user, user.username),
      () => ctx.users.changePassword(user.id, request.body),
      (err) => err instanceof AppError && err.code === 'wrong_password',
    );
    const settings = toPersonalSettings(requireUser(request));
    return { ...settings, userData: settings.currentUser };
  });

  contractRoute(app, imageType, async (request) => {
    const user = ctx.users.setGravatar(requireUser(request).id, request.body.isGravatarEnabled);
    return { userData: { isGravatarEnabled: user.isGravatarEnabled, imageUrlCached: imageUrlOf(user) } };
  });

  contractRoute(app, apiTokenGenerate, async (request) => {
    const user = requireUser(request);
    return { userData: ctx.users.generateApiToken(user.id) };
  });

  contractRoute(app, apiTokenRevoke, async (request) => {
    const user = requireUser(request);
    ctx.users.revokeApiToken(user.id);
    return { userData: { apiTokenCreatedAt: null } };
  });
}
