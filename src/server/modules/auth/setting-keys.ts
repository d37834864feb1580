// The sign-in settings (issue 13), under GROWI's key names. Kept beside the auth module so the
// shared settings file only spreads them in. Secrets (bind password) live here too and are
// write-only through the API.
export const SIGN_IN_SETTING_DEFAULTS = {
  'security:passport-local:isEnabled': true,
  'security:passport-ldap:isEnabled': false,
  'security:passport-ldap:serverUrl': '',
  'security:passport-ldap:isUserBind': false,
  'security:passport-ldap:bindDN': '',
  'security:passport-ldap:bindDNPassword': '',
  'security:passport-ldap:searchFilter': '',
  'security:passport-ldap:attrMapUsername': '',
  'security:passport-ldap:attrMapName': '',
  'security:passport-ldap:attrMapMail': '',
  'security:passport-ldap:groupSearchBase': '',
  'security:passport-ldap:groupSearchFilter': '',
  'security:passport-ldap:groupDnProperty': '',
  'security:passport-ldap:isSameUsernameTreatedAsIdenticalUser': false,
  /** Quire's own key: GROWI removed its (password-less) basic strategy in v6. Off by default. */
  'security:passport-basic:isEnabled': false,
};
