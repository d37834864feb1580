// Admin settings of Google sign-in, GROWI's route and field names. Permission: requireAdmin.
// The client secret is write-only (oauth2/setting-fields.ts).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../../context';
import { requireAdmin } from '../../../../lib/guards';
import type { SettingsService } from '../../../settings/service';
import { flag, saveCommon, secretOf, text, type Body } from '../oauth2/setting-fields';
import type { GoogleOAuthParams } from '../../../../../shared/sign-in-types';

export function googleOAuthParams(settings: SettingsService): GoogleOAuthParams {
  return {
    googleClientId: settings.get('security:passport-google:clientId'),
    googleClientSecret: secretOf(settings, 'google'),
    isSameEmailTreatedAsIdenticalUser: settings.get(
      'security:passport-google:isSameEmailTreatedAsIdenticalUser',
    ),
    isSameUsernameTreatedAsIdenticalUser: settings.get(
      'security:passport-google:isSameUsernameTreatedAsIdenticalUser',
    ),
  };
}

export default async function googleSettingRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { settings } = ctx;
  app.put<{ Body: Body }>(
    '/security-setting/google-oauth',
    {
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          properties: {
            googleClientId: text,
            googleClientSecret: text,
            isSameEmailTreatedAsIdenticalUser: flag,
            isSameUsernameTreatedAsIdenticalUser: flag,
          },
        },
      },
    },
    async (request) => {
      requireAdmin(request);
      saveCommon(settings, 'google', request.body);
      return { securitySettingParams: googleOAuthParams(settings) };
    },
  );
}
