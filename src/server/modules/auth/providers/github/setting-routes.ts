// Admin settings of GitHub sign-in (and a GitHub Enterprise Server address), GROWI's route and field names. Permission: requireAdmin.
// The client secret is write-only (oauth2/setting-fields.ts).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../../context';
import { badRequest } from '../../../../lib/app-error';
import { requireAdmin } from '../../../../lib/guards';
import type { SettingsService } from '../../../settings/service';
import { flag, saveCommon, secretOf, text, type Body } from '../oauth2/setting-fields';
import type { GithubOAuthParams } from '../../../../../shared/sign-in-types';

export function githubOAuthParams(settings: SettingsService): GithubOAuthParams {
  return {
    githubClientId: settings.get('security:passport-github:clientId'),
    githubClientSecret: secretOf(settings, 'github'),
    githubBaseUrl: settings.get('security:passport-github:baseUrl'),
    isSameUsernameTreatedAsIdenticalUser: settings.get(
      'security:passport-github:isSameUsernameTreatedAsIdenticalUser',
    ),
  };
}

export default async function githubSettingRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { settings } = ctx;
  app.put<{ Body: Body }>(
    '/security-setting/github-oauth',
    {
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          properties: {
            githubClientId: text,
            githubClientSecret: text,
            githubBaseUrl: text,
            isSameUsernameTreatedAsIdenticalUser: flag,
          },
        },
      },
    },
    async (request) => {
      requireAdmin(request);
      const base =
        typeof request.body.githubBaseUrl === 'string' ? request.body.githubBaseUrl.trim() : undefined;
      // Validated first, written after: a bad value changes nothing.
      if (base && !/^https?:\/\/[^/\s]+/i.test(base)) {
        throw badRequest('invalid', 'errors.syntax_invalid', { field: 'githubBaseUrl' });
      }
      saveCommon(settings, 'github', request.body);
      if (request.body.githubBaseUrl !== undefined)
        settings.set('security:passport-github:baseUrl', base ?? '');
      return { securitySettingParams: githubOAuthParams(settings) };
    },
  );
}
