// Admin settings of the OAuth 2 sign-ins, GROWI's routes and field names:
// `PUT /security-setting/github-oauth` {githubClientId, githubClientSecret, githubBaseUrl (Quire's
// Enterprise Server address), isSameUsernameTreatedAsIdenticalUser} and
// `PUT /security-setting/google-oauth` {googleClientId, googleClientSecret,
// isSameEmailTreatedAsIdenticalUser, isSameUsernameTreatedAsIdenticalUser}. Permission:
// requireAdmin. Client secrets are write-only (masked; the mask sent back keeps them).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { badRequest } from '../../lib/app-error';
import { requireAdmin } from '../../lib/guards';
import type { SettingsService } from '../settings/service';
import { SECRET_MASK, type GithubOAuthParams, type GoogleOAuthParams } from '../../../shared/sign-in-types';

const text = { type: ['string', 'null'], maxLength: 1024 } as const;
const flag = { type: ['boolean', 'null'] } as const;
type Provider = 'github' | 'google';

const key = (provider: Provider, name: string) =>
  `security:passport-${provider}:${name}` as `security:passport-github:clientId`;
const flagKey = (provider: Provider, name: string) =>
  `security:passport-${provider}:${name}` as `security:passport-github:isSameUsernameTreatedAsIdenticalUser`;

function secretOf(settings: SettingsService, provider: Provider): string {
  return settings.get(key(provider, 'clientSecret')) === '' ? '' : SECRET_MASK;
}

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

type Body = Record<string, string | boolean | null | undefined>;

/** Writes the common fields; absent fields stay, null clears. */
function saveCommon(settings: SettingsService, provider: Provider, body: Body): void {
  const id = body[`${provider}ClientId`];
  const secret = body[`${provider}ClientSecret`];
  if (typeof id === 'string' || id === null) settings.set(key(provider, 'clientId'), (id ?? '').trim());
  if ((typeof secret === 'string' || secret === null) && secret !== SECRET_MASK) {
    settings.set(key(provider, 'clientSecret'), secret ?? '');
  }
  for (const name of ['isSameUsernameTreatedAsIdenticalUser', 'isSameEmailTreatedAsIdenticalUser']) {
    const value = body[name];
    if (value !== undefined) settings.set(flagKey(provider, name), value === true);
  }
}

export default async function oauth2SettingRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
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
