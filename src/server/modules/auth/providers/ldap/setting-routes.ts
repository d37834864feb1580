// Admin settings of LDAP (GROWI's `PUT /security-setting/ldap`). Permission: requireAdmin. The
// bind password is write-only: answers carry a mask, and the mask sent back keeps it.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../../context';
import { badRequest } from '../../../../lib/app-error';
import { requireAdmin } from '../../../../lib/guards';
import type { SettingsService } from '../../../settings/service';
import { checkSectionContract, settingsSection } from '../../../settings/section';
import { contractRoute } from '../../../../lib/contract-route';
import { ldapSettingUpdate } from '../../../../../shared/contracts/security';
import { parseServerUrl } from './strategy';
import type { LdapAuthParams } from '../../../../../shared/sign-in-types';

const K = 'security:passport-ldap:' as const;
/** GROWI's fields and keys. */
const LDAP = settingsSection({
  text: {
    serverUrl: `${K}serverUrl`,
    ldapBindDN: `${K}bindDN`,
    ldapSearchFilter: `${K}searchFilter`,
    ldapAttrMapUsername: `${K}attrMapUsername`,
    ldapAttrMapMail: `${K}attrMapMail`,
    ldapAttrMapName: `${K}attrMapName`,
    ldapGroupSearchBase: `${K}groupSearchBase`,
    ldapGroupSearchFilter: `${K}groupSearchFilter`,
    ldapGroupDnProperty: `${K}groupDnProperty`,
  },
  secrets: { ldapBindDNPassword: `${K}bindDNPassword` },
  flags: {
    isUserBind: `${K}isUserBind`,
    isSameUsernameTreatedAsIdenticalUser: `${K}isSameUsernameTreatedAsIdenticalUser`,
  },
  maxLength: 1024,
});

export const ldapAuthParams = (settings: SettingsService) => LDAP.read(settings) as unknown as LdapAuthParams;

export default async function ldapSettingRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { settings } = ctx;
  checkSectionContract(ldapSettingUpdate, LDAP);
  contractRoute(app, ldapSettingUpdate, async (request) => {
    requireAdmin(request);
    const { serverUrl } = LDAP.after(settings, request.body);
    if (serverUrl && request.body.serverUrl !== undefined && !parseServerUrl(serverUrl)) {
      throw badRequest('invalid', 'errors.syntax_invalid', { field: 'serverUrl' });
    }
    LDAP.write(settings, request.body);
    return { securitySettingParams: ldapAuthParams(settings) };
  });
}
