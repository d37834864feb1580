// Signing in: the sign-in form and its password checks, and every provider's slice
// (providers/<id>/: local, LDAP, OIDC, SAML, GitHub, Google, HTTP Basic).
import type { AppContext } from '../../context';
import { defineModule } from '../../module';
import { loginName, onSuccess } from '../audit/rules';
import { LoginThrottle } from './login-throttle';
import { SIGN_IN_PROVIDERS } from './providers';
import { SIGN_IN_SETTING_DEFAULTS } from './providers/settings';
import { apiAuthRoutes, logoutPageRoute } from './routes';
import signInSettingRoutes from './setting-routes';

declare module '../../context' {
  interface AppContext {
    /** Failed password checks at every door, per address and per account (auth/password-attempts.ts). */
    passwordAttempts: LoginThrottle;
  }
}

export default defineModule({
  name: 'auth',
  settings: SIGN_IN_SETTING_DEFAULTS,
  services: (ctx) =>
    Object.assign(
      { passwordAttempts: new LoginThrottle() } as Partial<AppContext>,
      ...SIGN_IN_PROVIDERS.map((provider) => provider.services?.(ctx)),
    ),
  hooks: SIGN_IN_PROVIDERS.flatMap((provider) => provider.hooks ?? []),
  routes: [
    { plugin: apiAuthRoutes },
    { plugin: signInSettingRoutes },
    { plugin: logoutPageRoute, prefix: '' },
    ...SIGN_IN_PROVIDERS.flatMap((provider) => provider.routes ?? []),
  ],
  audit: {
    routes: {
      'POST /_api/v3/login': {
        action: (status) => (status < 400 ? 'USER_LOGIN' : status === 400 ? null : 'USER_LOGIN_FAILURE'),
        target: (_ctx, request) => loginName(request),
      },
      'POST /_api/v3/logout': { action: onSuccess('USER_LOGOUT') },
      ...Object.assign({}, ...SIGN_IN_PROVIDERS.map((provider) => provider.audit?.routes)),
    },
  },
});
