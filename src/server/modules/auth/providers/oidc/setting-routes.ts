// Admin settings of OpenID Connect (GROWI's `PUT /security-setting/oidc`). Permission:
// requireAdmin. The client secret is write-only: answers carry a mask. Saving re-runs discovery,
// so the answer says whether the provider is usable now.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../../context';
import { badRequest } from '../../../../lib/app-error';
import { requireAdmin } from '../../../../lib/guards';
import type { SettingsService } from '../../../settings/service';
import { issuerUrl } from './strategy';
import {
  SECRET_MASK,
  type OidcAuthParams,
  type OidcSettingResponse,
} from '../../../../../shared/sign-in-types';

const P = 'security:passport-oidc:' as const;
/** API field → setting key, GROWI's pairs (the secret is handled apart). */
const OIDC_TEXT_FIELDS = {
  oidcProviderName: `${P}providerName`,
  oidcIssuerHost: `${P}issuerHost`,
  oidcAuthorizationEndpoint: `${P}authorizationEndpoint`,
  oidcTokenEndpoint: `${P}tokenEndpoint`,
  oidcRevocationEndpoint: `${P}revocationEndpoint`,
  oidcIntrospectionEndpoint: `${P}introspectionEndpoint`,
  oidcUserInfoEndpoint: `${P}userInfoEndpoint`,
  oidcEndSessionEndpoint: `${P}endSessionEndpoint`,
  oidcRegistrationEndpoint: `${P}registrationEndpoint`,
  oidcJWKSUri: `${P}jwksUri`,
  oidcClientId: `${P}clientId`,
  oidcAttrMapId: `${P}attrMapId`,
  oidcAttrMapUserName: `${P}attrMapUserName`,
  oidcAttrMapName: `${P}attrMapName`,
  oidcAttrMapEmail: `${P}attrMapMail`,
} as const;
const OIDC_FLAGS = {
  isSameUsernameTreatedAsIdenticalUser: `${P}isSameUsernameTreatedAsIdenticalUser`,
  isSameEmailTreatedAsIdenticalUser: `${P}isSameEmailTreatedAsIdenticalUser`,
} as const;
const URL_FIELDS = new Set(Object.keys(OIDC_TEXT_FIELDS).filter((f) => /Endpoint$|JWKSUri$/.test(f)));

const text = { type: ['string', 'null'], maxLength: 2048 } as const;
const OIDC_BODY = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...Object.fromEntries(Object.keys(OIDC_TEXT_FIELDS).map((f) => [f, text])),
    oidcClientSecret: text,
    isSameUsernameTreatedAsIdenticalUser: { type: ['boolean', 'null'] },
    isSameEmailTreatedAsIdenticalUser: { type: ['boolean', 'null'] },
  },
} as const;

export function oidcAuthParams(settings: SettingsService): OidcAuthParams {
  const texts = Object.fromEntries(
    Object.entries(OIDC_TEXT_FIELDS).map(([field, key]) => [field, settings.get(key)]),
  ) as Record<keyof typeof OIDC_TEXT_FIELDS, string>;
  return {
    ...texts,
    oidcClientSecret: settings.get(`${P}clientSecret`) === '' ? '' : SECRET_MASK,
    isSameUsernameTreatedAsIdenticalUser: settings.get(OIDC_FLAGS.isSameUsernameTreatedAsIdenticalUser),
    isSameEmailTreatedAsIdenticalUser: settings.get(OIDC_FLAGS.isSameEmailTreatedAsIdenticalUser),
  };
}

function isHttpUrl(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

type OidcBody = { [F in keyof OidcAuthParams]?: OidcAuthParams[F] | null };

export default async function oidcSettingRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { settings } = ctx;
  app.put<{ Body: OidcBody }>(
    '/security-setting/oidc',
    { schema: { body: OIDC_BODY } },
    async (request): Promise<OidcSettingResponse> => {
      requireAdmin(request);
      const body = request.body;
      // Validated first, written after: a bad value changes nothing.
      for (const field of URL_FIELDS) {
        const value = body[field as keyof OidcBody];
        if (typeof value === 'string' && value.trim() !== '' && !isHttpUrl(value.trim())) {
          throw badRequest('invalid', 'errors.syntax_invalid', { field });
        }
      }
      const issuer = body.oidcIssuerHost?.trim();
      if (issuer) {
        try {
          issuerUrl(issuer);
        } catch {
          throw badRequest('invalid', 'errors.syntax_invalid', { field: 'oidcIssuerHost' });
        }
      }
      for (const [field, key] of Object.entries(OIDC_TEXT_FIELDS)) {
        const value = body[field as keyof typeof OIDC_TEXT_FIELDS];
        if (value !== undefined) settings.set(key, (value ?? '').trim());
      }
      for (const [field, key] of Object.entries(OIDC_FLAGS)) {
        const value = body[field as keyof typeof OIDC_FLAGS];
        if (value !== undefined) settings.set(key, value ?? false);
      }
      const secret = body.oidcClientSecret;
      if (secret !== undefined && secret !== SECRET_MASK) settings.set(`${P}clientSecret`, secret ?? '');
      const isOidcSetUp = await ctx.oidc.setUp();
      return {
        securitySettingParams: {
          ...oidcAuthParams(settings),
          isOidcSetUp,
          oidcSetupError: ctx.oidc.setupError,
        },
      };
    },
  );
}
