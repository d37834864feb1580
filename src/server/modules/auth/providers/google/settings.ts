// This sign-in's settings, under GROWI's key names (secrets are write-only through the API).
export const GOOGLE_SETTINGS = {
  'security:passport-google:isEnabled': false,
  'security:passport-google:clientId': '',
  'security:passport-google:clientSecret': '',
  'security:passport-google:isSameUsernameTreatedAsIdenticalUser': false,
  'security:passport-google:isSameEmailTreatedAsIdenticalUser': false,
};
