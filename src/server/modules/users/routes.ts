// Personal settings of the signed-in user (`/me`): profile, password, API token, external
// accounts. Permission: requireUser (the user's own account only; an invited user may use these).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { requireUser } from '../../lib/guards';
import { AppError } from '../../lib/app-error';
import { accountKeyOf } from '../auth/login-throttle';
import { checkPasswordAttempt } from '../auth/password-attempts';
import { imageUrlOf, toCurrentUser, type UserRow } from './service';
import { userFields } from './schemas';
import type {
  ApiTokenResponse,
  ExternalAccountsResponse,
  PasswordChangeRequest,
  PersonalSettingsResponse,
  ProfileUpdate,
  UserStatus,
} from '../../../shared/account-types';
import { jsonBody } from '../../lib/schemas';
import { PASSWORD_MIN_LENGTH } from './password';

/** SPEC §2: the default avatar (Quire has no profile images yet). */

function toPersonalSettings(user: UserRow): PersonalSettingsResponse {
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
  app.get('/personal-setting', async (request) => toPersonalSettings(requireUser(request)));

  // GROWI's `GET /personal-setting/is-password-set`: a directory or provider account has none.
  app.get('/personal-setting/is-password-set', async (request) => ({
    isPasswordSet: requireUser(request).passwordHash !== null,
    minPasswordLength: PASSWORD_MIN_LENGTH,
  }));

  app.put<{ Body: ProfileUpdate }>(
    '/personal-setting',
    jsonBody(
      {
        name: userFields.name,
        email: userFields.email,
        lang: userFields.lang,
        isEmailPublished: { type: 'boolean' },
      },
      { required: ['name', 'email', 'lang'] },
    ),
    async (request) => {
      const user = requireUser(request);
      return toPersonalSettings(ctx.users.updateProfile(user.id, request.body));
    },
  );

  app.put<{ Body: PasswordChangeRequest }>(
    '/personal-setting/password',
    jsonBody(
      {
        oldPassword: { type: 'string', minLength: 1, maxLength: 1024 },
        newPassword: userFields.password,
        newPasswordConfirm: { type: 'string', maxLength: 1024 },
      },
      { required: ['oldPassword', 'newPassword', 'newPasswordConfirm'] },
    ),
    async (request, reply) => {
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
      return toPersonalSettings(requireUser(request));
    },
  );

  // Generate and regenerate: the token is in this reply only; the database keeps its sha256.
  // GROWI's image type: the Gravatar of one's e-mail address, or the uploaded picture.
  app.put<{ Body: { isGravatarEnabled: boolean } }>(
    '/personal-setting/image-type',
    jsonBody({ isGravatarEnabled: { type: 'boolean' } }, { required: ['isGravatarEnabled'] }),
    async (request) => {
      const user = ctx.users.setGravatar(requireUser(request).id, request.body.isGravatarEnabled);
      return { userData: { isGravatarEnabled: user.isGravatarEnabled, imageUrlCached: imageUrlOf(user) } };
    },
  );

  app.put('/personal-setting/api-token', async (request): Promise<ApiTokenResponse> => {
    const user = requireUser(request);
    return { userData: ctx.users.generateApiToken(user.id) };
  });

  app.delete('/personal-setting/api-token', async (request) => {
    const user = requireUser(request);
    ctx.users.revokeApiToken(user.id);
    return { userData: { apiTokenCreatedAt: null } };
  });

  app.get('/personal-setting/external-accounts', async (request): Promise<ExternalAccountsResponse> => {
    const user = requireUser(request);
    const rows = ctx.externalAccounts.listOf(user.id);
    return {
      externalAccounts: rows.map((row) => ({
        _id: row.id,
        providerType: row.providerType,
        accountId: row.accountId,
        createdAt: row.createdAt.toISOString(),
      })),
    };
  });
}
