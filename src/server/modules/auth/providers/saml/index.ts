// SAML (issue 13): the redirect sign-in through an identity provider, its attribute rule, its settings.
import { defineProvider } from '../provider';
import { SamlSignInService } from './service';
import samlSettingRoutes, { samlAuthParams } from './setting-routes';
import samlSignInRoutes from './sign-in-routes';
import { externalSignIn } from '../../../audit/rules';

declare module '../../../../context' {
  interface AppContext {
    saml: SamlSignInService;
  }
}

export default defineProvider({
  id: 'saml',
  enabledField: 'isSamlEnabled',
  isSetUp: ({ saml }) => saml.isSetUp(),
  params: ({ settings }) => ({ samlAuth: samlAuthParams(settings) }),
  services: ({ settings, externalAccounts }) => ({ saml: new SamlSignInService(settings, externalAccounts) }),
  routes: [{ plugin: samlSettingRoutes }, { plugin: samlSignInRoutes, prefix: '' }],
  audit: { routes: { 'POST /passport/saml/callback': externalSignIn } },
});
