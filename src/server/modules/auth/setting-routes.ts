// Admin settings of the sign-in mechanisms (GROWI's /security-setting/{ldap,authentication} routes).
// Permission: requireAdmin on every route. The bind password is write-only: answers carry a mask.
import type { FastifyInstance } from 'fastify';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { externalAccounts, users, USER_STATUS } from '../../db/schema';
import { AppError, badRequest } from '../../lib/app-error';
import { requireAdmin } from '../../lib/guards';
import type { SettingsService } from '../settings/service';
import { isLdapSetUp, parseServerUrl } from './strategies/ldap';
import {
  AUTH_IDS,
  SECRET_MASK,
  type AuthEnabledUpdate,
  type AuthId,
  type GeneralAuthParams,
  type LdapAuthParams,
  type LdapAuthUpdate,
  type LdapSettingResponse,
  type SetupStrategiesResponse,
} from '../../../shared/sign-in-types';

const K = 'security:passport-ldap:' as const;
/** API field → setting key, GROWI's pairs. */
const LDAP_TEXT_FIELDS = {
  serverUrl: `${K}serverUrl`,
  ldapBindDN: `${K}bindDN`,
  ldapSearchFilter: `${K}searchFilter`,
  ldapAttrMapUsername: `${K}attrMapUsername`,
  ldapAttrMapMail: `${K}attrMapMail`,
  ldapAttrMapName: `${K}attrMapName`,
  ldapGroupSearchBase: `${K}groupSearchBase`,
  ldapGroupSearchFilter: `${K}groupSearchFilter`,
  ldapGroupDnProperty: `${K}groupDnProperty`,
} as const;
const LDAP_FLAG_FIELDS = {
  isUserBind: `${K}isUserBind`,
  isSameUsernameTreatedAsIdenticalUser: `${K}isSameUsernameTreatedAsIdenticalUser`,
} as const;

const text = { type: ['string', 'null'], maxLength: 1024 } as const;
const LDAP_BODY = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...Object.fromEntries(Object.keys(LDAP_TEXT_FIELDS).map((f) => [f, text])),
    ldapBindDNPassword: text,
    isUserBind: { type: ['boolean', 'null'] },
    isSameUsernameTreatedAsIdenticalUser: { type: ['boolean', 'null'] },
  },
} as const;

export function ldapAuthParams(settings: SettingsService): LdapAuthParams {
  const texts = Object.fromEntries(
    Object.entries(LDAP_TEXT_FIELDS).map(([field, key]) => [field, settings.get(key)]),
  ) as Record<keyof typeof LDAP_TEXT_FIELDS, string>;
  return {
    ...texts,
    isUserBind: settings.get(`${K}isUserBind`),
    isSameUsernameTreatedAsIdenticalUser: settings.get(`${K}isSameUsernameTreatedAsIdenticalUser`),
    ldapBindDNPassword: settings.get(`${K}bindDNPassword`) === '' ? '' : SECRET_MASK,
  };
}

export function generalAuthParams(settings: SettingsService): GeneralAuthParams {
  return {
    isLocalEnabled: settings.get('security:passport-local:isEnabled'),
    isLdapEnabled: settings.get(`${K}isEnabled`),
    isOidcEnabled: settings.get('security:passport-oidc:isEnabled'),
    isSamlEnabled: settings.get('security:passport-saml:isEnabled'),
    isGitHubEnabled: settings.get('security:passport-github:isEnabled'),
    isGoogleEnabled: settings.get('security:passport-google:isEnabled'),
    isBasicEnabled: settings.get('security:passport-basic:isEnabled'),
  };
}

/** The mechanisms a person can sign in with now (Basic rides on them, so it is listed only beside). */
export function setupStrategies(ctx: AppContext): AuthId[] {
  const { settings } = ctx;
  const ids: AuthId[] = [];
  if (settings.get('security:passport-local:isEnabled')) ids.push('local');
  if (isLdapSetUp(settings)) ids.push('ldap');
  if (ctx.oidc.isSetUp()) ids.push('oidc');
  if (ctx.saml.isSetUp()) ids.push('saml');
  if (ctx.github.isSetUp()) ids.push('github');
  if (ctx.google.isSetUp()) ids.push('google');
  if (settings.get('security:passport-basic:isEnabled')) ids.push('basic');
  return ids;
}

/** Whether some active admin could still sign in with only these mechanisms (GROWI's guard 2). */
function adminCanSignInWith(ctx: AppContext, remaining: AuthId[]): boolean {
  const activeAdmin = and(eq(users.admin, true), eq(users.status, USER_STATUS.active));
  if (remaining.includes('local')) {
    const withPassword = ctx.db
      .select({ id: users.id })
      .from(users)
      .where(and(activeAdmin, isNotNull(users.passwordHash)))
      .get();
    if (withPassword) return true;
  }
  const providers = remaining.filter((id) => id !== 'local' && id !== 'basic');
  if (providers.length > 0) {
    const linked = ctx.db
      .select({ id: users.id })
      .from(users)
      .innerJoin(externalAccounts, eq(externalAccounts.userId, users.id))
      .where(and(activeAdmin, inArray(externalAccounts.providerType, providers)))
      .get();
    if (linked) return true;
  }
  return false;
}

export default async function signInSettingRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { settings } = ctx;

  app.put<{ Body: { [F in keyof LdapAuthUpdate]: LdapAuthUpdate[F] | null } }>(
    '/security-setting/ldap',
    { schema: { body: LDAP_BODY } },
    async (request): Promise<LdapSettingResponse> => {
      requireAdmin(request);
      const body = request.body;
      const serverUrl = body.serverUrl?.trim();
      if (serverUrl && !parseServerUrl(serverUrl)) {
        throw badRequest('invalid', 'errors.syntax_invalid', { field: 'serverUrl' });
      }
      // Validated first, written after: a bad value changes nothing. Absent fields stay; null clears.
      for (const [field, key] of Object.entries(LDAP_TEXT_FIELDS)) {
        const value = body[field as keyof typeof LDAP_TEXT_FIELDS];
        if (value !== undefined) settings.set(key, (value ?? '').trim());
      }
      for (const [field, key] of Object.entries(LDAP_FLAG_FIELDS)) {
        const value = body[field as keyof typeof LDAP_FLAG_FIELDS];
        if (value !== undefined) settings.set(key, value ?? false);
      }
      const password = body.ldapBindDNPassword;
      // The mask sent back unchanged keeps the stored secret.
      if (password !== undefined && password !== SECRET_MASK)
        settings.set(`${K}bindDNPassword`, password ?? '');
      return { securitySettingParams: ldapAuthParams(settings) };
    },
  );

  app.get('/security-setting/authentication', async (request): Promise<SetupStrategiesResponse> => {
    requireAdmin(request);
    return { setupStrategies: setupStrategies(ctx) };
  });

  app.put<{ Body: AuthEnabledUpdate }>(
    '/security-setting/authentication/enabled',
    {
      schema: {
        body: {
          type: 'object',
          required: ['isEnabled', 'authId'],
          properties: { isEnabled: { type: 'boolean' }, authId: { type: 'string', enum: [...AUTH_IDS] } },
        },
      },
    },
    async (request) => {
      requireAdmin(request);
      const { isEnabled, authId } = request.body;
      if (!isEnabled && authId !== 'basic') {
        const remaining = setupStrategies(ctx).filter((id) => id !== authId && id !== 'basic');
        if (remaining.length === 0) {
          throw new AppError(405, 'cannot_turn_everything_off', 'sign_in.cannot_turn_everything_off');
        }
        if (!adminCanSignInWith(ctx, remaining)) {
          throw new AppError(405, 'admin_auth_required', 'sign_in.admin_auth_required');
        }
      }
      const key = `security:passport-${authId}:isEnabled` as const;
      settings.set(key, isEnabled);
      // Applies at once, as GROWI's setupStrategyById: discovery runs now (or is dropped).
      if (authId === 'oidc') await ctx.oidc.setUp();
      return { responseParams: { [key]: isEnabled } };
    },
  );
}
