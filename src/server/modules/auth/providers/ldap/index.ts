// LDAP (issue 13): the sign-in form's password checked against a directory; an admin test route.
import { defineProvider } from '../provider';
import { LdapSignInService } from './service';
import ldapSettingRoutes, { ldapAuthParams } from './setting-routes';
import { isLdapSetUp } from './strategy';
import ldapTestRoutes from './test-route';

declare module '../../../../context' {
  interface AppContext {
    ldap: LdapSignInService;
  }
}

export default defineProvider({
  id: 'ldap',
  enabledField: 'isLdapEnabled',
  isSetUp: ({ settings }) => isLdapSetUp(settings),
  params: ({ settings }) => ({ ldapAuth: ldapAuthParams(settings) }),
  services: ({ settings, externalAccounts }) => ({ ldap: new LdapSignInService(settings, externalAccounts) }),
  routes: [{ plugin: ldapSettingRoutes }, { plugin: ldapTestRoutes, prefix: '/_api' }],
});
