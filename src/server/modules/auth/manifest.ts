// Signing in: local passwords, HTTP Basic, LDAP, OIDC, SAML, GitHub and Google, and their settings.
import { defineModule } from '../../module';
import { externalSignIn, loginName, onSuccess } from '../audit/rules';
import basicAuthPlugin from './basic';
import { LdapSignInService } from './ldap-service';
import { OidcSignInService } from './oidc-service';
import { SamlSignInService } from './saml-service';
import { OAuth2SignInService } from './oauth2-service';
import { LoginThrottle } from './login-throttle';
import { GITHUB } from './strategies/github';
import { googleProvider } from './strategies/google';
import { apiAuthRoutes, logoutPageRoute } from './routes';
import externalSignInRoutes from './external-routes';
import signInSettingRoutes from './setting-routes';
import oidcSettingRoutes from './oidc-setting-routes';
import samlSettingRoutes from './saml-setting-routes';
import oauth2SettingRoutes from './oauth2-setting-routes';
import ldapTestRoutes from './ldap-routes';

declare module '../../context' {
  interface AppContext {
    ldap: LdapSignInService;
    oidc: OidcSignInService;
    saml: SamlSignInService;
    github: OAuth2SignInService;
    google: OAuth2SignInService;
    /** Failed password checks at every door, per address and per account (auth/password-attempts.ts). */
    passwordAttempts: LoginThrottle;
  }
}

export default defineModule({
  name: 'auth',
  services: ({ config, settings, externalAccounts }) => ({
    ldap: new LdapSignInService(settings, externalAccounts),
    oidc: new OidcSignInService(settings, externalAccounts),
    saml: new SamlSignInService(settings, externalAccounts),
    github: new OAuth2SignInService(settings, externalAccounts, GITHUB),
    google: new OAuth2SignInService(settings, externalAccounts, googleProvider(config.googleOAuthBase)),
    passwordAttempts: new LoginThrottle(),
  }),
  // HTTP Basic signs a request in after the session is read, in both scopes.
  hooks: [
    { plugin: basicAuthPlugin, scope: 'read' },
    { plugin: basicAuthPlugin, scope: 'session' },
  ],
  routes: [
    { plugin: apiAuthRoutes },
    { plugin: signInSettingRoutes },
    { plugin: oidcSettingRoutes },
    { plugin: samlSettingRoutes },
    { plugin: oauth2SettingRoutes },
    { plugin: ldapTestRoutes, prefix: '/_api' },
    { plugin: logoutPageRoute, prefix: '' },
    { plugin: externalSignInRoutes, prefix: '' },
  ],
  audit: {
    routes: {
      'POST /_api/v3/login': {
        action: (status) => (status < 400 ? 'USER_LOGIN' : status === 400 ? null : 'USER_LOGIN_FAILURE'),
        target: (_ctx, request) => loginName(request),
      },
      'POST /_api/v3/logout': { action: onSuccess('USER_LOGOUT') },
      'GET /passport/oidc/callback': externalSignIn,
      'GET /passport/github/callback': externalSignIn,
      'GET /passport/google/callback': externalSignIn,
      'POST /passport/saml/callback': externalSignIn,
    },
  },
});
