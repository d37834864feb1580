// This sign-in's settings, under GROWI's key names (secrets are write-only through the API).
export const LDAP_SETTINGS = {
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
};
