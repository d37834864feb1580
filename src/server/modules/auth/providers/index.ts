// Every way to sign in, in GROWI's order (the order `setupStrategies` lists them). Adding a
// provider: its folder, a line here, and its settings' line in settings.ts.
import type { SignInProvider } from './provider';
import local from './local';
import ldap from './ldap';
import oidc from './oidc';
import saml from './saml';
import github from './github';
import google from './google';
import basic from './basic';
export const SIGN_IN_PROVIDERS: readonly SignInProvider[] = [local, ldap, oidc, saml, github, google, basic];
