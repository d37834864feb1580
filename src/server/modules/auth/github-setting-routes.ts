// Admin settings of GitHub sign-in (GROWI's `PUT /security-setting/github-oauth`, plus Quire's
// Enterprise Server address). Permission: requireAdmin. The client secret is write-only.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { badRequest } from '../../lib/app-error';
import { requireAdmin } from '../../lib/guards';
import type { SettingsService } from '../settings/service';
import { SECRET_MASK, type GithubOAuthParams } from '../../../shared/sign-in-types';

const G = 'security:passport-github:' as const;
const text = { type: ['string', 'null'], maxLength: 1024 } as const;

export function githubOAuthParams(settings: SettingsService): GithubOAuthParams {
  return {
    githubClientId: settings.get(`${G}clientId`),
    githubClientSecret: settings.get(`${G}clientSecret`) === '' ? '' : SECRET_MASK,
    githubBaseUrl: settings.get(`${G}baseUrl`),
    isSameUsernameTreatedAsIdenticalUser: settings.get(`${G}isSameUsernameTreatedAsIdenticalUser`),
  };
}

type GithubBody = { [F in keyof GithubOAuthParams]?: GithubOAuthParams[F] | null };

export default async function githubSettingRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { settings } = ctx;
  app.put<{ Body: GithubBody }>(
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
            isSameUsernameTreatedAsIdenticalUser: { type: ['boolean', 'null'] },
          },
        },
      },
    },
    async (request) => {
      requireAdmin(request);
      const { githubClientId, githubClientSecret, githubBaseUrl, isSameUsernameTreatedAsIdenticalUser } =
        request.body;
      const base = githubBaseUrl?.trim();
      if (base && !/^https?:\/\/[^/\s]+/i.test(base)) {
        throw badRequest('invalid', 'errors.syntax_invalid', { field: 'githubBaseUrl' });
      }
      if (githubClientId !== undefined) settings.set(`${G}clientId`, (githubClientId ?? '').trim());
      if (githubClientSecret !== undefined && githubClientSecret !== SECRET_MASK) {
        settings.set(`${G}clientSecret`, githubClientSecret ?? '');
      }
      if (githubBaseUrl !== undefined) settings.set(`${G}baseUrl`, base ?? '');
      if (isSameUsernameTreatedAsIdenticalUser !== undefined) {
        settings.set(
          `${G}isSameUsernameTreatedAsIdenticalUser`,
          isSameUsernameTreatedAsIdenticalUser ?? false,
        );
      }
      return { securitySettingParams: githubOAuthParams(settings) };
    },
  );
}
