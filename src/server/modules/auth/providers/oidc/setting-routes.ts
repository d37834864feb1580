// Admin settings of OpenID Connect (GROWI's `PUT /security-setting/oidc`). Permission:
// requireAdmin. The client secret is write-only: answers carry a mask. Saving re-runs discovery,
// so the answer says whether the provider is usable now.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../../context';
import { badRequest } from '../../../../lib/app-error';
import { requireAdmin } from '../../../../lib/guards';
import type { SettingsService } from '../../../settings/service';
import { checkSectionContract, settingsSection } from '../../../settings/section';
import { contractRoute } from '../../../../lib/contract-route';
import { oidcSettingUpdate } from '../../../../../shared/contracts/security';
import { issuerUrl } from './strategy';
import type { OidcAuthParams } from '../../../../../shared/sign-in-types';
import { isHttpUrl } from '../../../../lib/schemas';

const P = 'security:passport-oidc:' as const;
/** GROWI's fields and keys. */
const OIDC = settingsSection({
  text: {
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
  },
  secrets: { oidcClientSecret: `${P}clientSecret` },
  flags: {
    isSameUsernameTreatedAsIdenticalUser: `${P}isSameUsernameTreatedAsIdenticalUser`,
    isSameEmailTreatedAsIdenticalUser: `${P}isSameEmailTreatedAsIdenticalUser`,
  },
});
const URL_FIELDS = Object.keys(OIDC.body.properties).filter((f) => /Endpoint$|JWKSUri$/.test(f));

export const oidcAuthParams = (settings: SettingsService) => OIDC.read(settings) as unknown as OidcAuthParams;

export default async function oidcSettingRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { settings } = ctx;
  checkSectionContract(oidcSettingUpdate, OIDC);
  contractRoute(app, oidcSettingUpdate, async (request) => {
    requireAdmin(request);
    const body = request.body;
    // Validated first, written after: a bad value changes nothing.
    for (const field of URL_FIELDS) {
      const value = body[field];
      if (typeof value === 'string' && value.trim() !== '' && !isHttpUrl(value.trim())) {
        throw badRequest('invalid', 'errors.syntax_invalid', { field });
      }
    }
    const issuer = typeof body.oidcIssuerHost === 'string' ? body.oidcIssuerHost.trim() : '';
    if (issuer) {
      try {
        issuerUrl(issuer);
      } catch {
        throw badRequest('invalid', 'errors.syntax_invalid', { field: 'oidcIssuerHost' });
      }
    }
    OIDC.write(settings, body);
    const isOidcSetUp = await ctx.oidc.setUp();
    return {
      securitySettingParams: {
        ...oidcAuthParams(settings),
        isOidcSetUp,
        oidcSetupError: ctx.oidc.setupError,
      },
    };
  });
}
