// OpenID Connect (issue 13): discovery, the redirect sign-in, its settings.
import { defineProvider } from '../provider';
import { OidcSignInService } from './service';
import oidcSettingRoutes, { oidcAuthParams } from './setting-routes';
import oidcSignInRoutes from './sign-in-routes';
import { externalSignIn } from '../../../audit/rules';

declare module '../../../../context' {
  interface AppContext {
    oidc: OidcSignInService;
  }
}

export default defineProvider({
  id: 'oidc',
  enabledField: 'isOidcEnabled',
  isSetUp: ({ oidc }) => oidc.isSetUp(),
  params: ({ settings }) => ({ oidcAuth: oidcAuthParams(settings) }),
  services: ({ settings, externalAccounts }) => ({ oidc: new OidcSignInService(settings, externalAccounts) }),
  routes: [{ plugin: oidcSettingRoutes }, { plugin: oidcSignInRoutes, prefix: '' }],
  audit: { routes: { 'GET /passport/oidc/callback': externalSignIn } },
  // Applies at once, as GROWI's setupStrategyById: discovery runs now (or is dropped).
  afterSwitch: async ({ oidc }) => {
    await oidc.setUp();
  },
});
