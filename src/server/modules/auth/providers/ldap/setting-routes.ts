// Admin settings of LDAP (GROWI's `PUT /security-setting/ldap`). Permission: requireAdmin. The
// bind password is write-only: answers carry a mask, and the mask sent back keeps it.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../../context';
import { badRequest } from '../../../../lib/app-error';
import { requireAdmin } from '../../../../lib/guards';
import type { SettingsService } from '../../../settings/service';
import { parseServerUrl } from './strategy';
import {
  SECRET_MASK,
  type LdapAuthParams,
  type LdapAuthUpdate,
  type LdapSettingResponse,
} from '../../../../../shared/sign-in-types';

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

export default async function ldapSettingRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
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
}
