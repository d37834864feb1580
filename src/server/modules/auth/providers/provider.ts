// One way to sign in (local, LDAP, OIDC, SAML, GitHub, Google, HTTP Basic) as one folder: its
// settings, services, routes, hooks and audit rules, and how it tells whether it works now. The
// list in providers/index.ts is the only other place a new provider touches.
import type { AppContext } from '../../../context';
import type { ModuleHook, ModuleRoutes } from '../../../module';
import type { AuditRules } from '../../audit/rules';
import type { SecurityParams } from '../../../../shared/account-types';
import type { AuthId, GeneralAuthParams } from '../../../../shared/sign-in-types';

export interface SignInProvider {
  id: AuthId;
  /** Its switch in GROWI's `generalAuth` answer (`isLdapEnabled` …). */
  enabledField: keyof GeneralAuthParams;
  /** Whether a person can sign in with it now: switched on and configured. */
  isSetUp(ctx: AppContext): boolean;
  /** Its section of `GET /security-setting`, secrets masked. */
  params?(ctx: AppContext): Partial<SecurityParams>;
  services?(ctx: AppContext): Partial<AppContext>;
  hooks?: ModuleHook[];
  routes?: ModuleRoutes[];
  audit?: AuditRules;
  /** Right after an admin switched it on or off (OIDC discovers its provider at once). */
  afterSwitch?(ctx: AppContext): Promise<void>;
}

export const defineProvider = (provider: SignInProvider): SignInProvider => provider;

/** The key of a provider's on/off switch, GROWI's name. */
export const enabledKey = (id: AuthId) => `security:passport-${id}:isEnabled` as const;
