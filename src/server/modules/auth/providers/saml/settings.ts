// This sign-in's settings, under GROWI's key names (secrets are write-only through the API).
export const SAML_SETTINGS = {
  'security:passport-saml:isEnabled': false,
  'security:passport-saml:entryPoint': '',
  'security:passport-saml:issuer': '',
  'security:passport-saml:cert': '',
  'security:passport-saml:attrMapId': '',
  'security:passport-saml:attrMapUsername': '',
  'security:passport-saml:attrMapMail': '',
  'security:passport-saml:attrMapFirstName': '',
  'security:passport-saml:attrMapLastName': '',
  'security:passport-saml:ABLCRule': '',
  'security:passport-saml:isSameUsernameTreatedAsIdenticalUser': false,
  'security:passport-saml:isSameEmailTreatedAsIdenticalUser': false,
};
