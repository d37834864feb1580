// This sign-in's settings, under GROWI's key names (secrets are write-only through the API).
export const GITHUB_SETTINGS = {
  'security:passport-github:isEnabled': false,
  'security:passport-github:clientId': '',
  'security:passport-github:clientSecret': '',
  'security:passport-github:isSameUsernameTreatedAsIdenticalUser': false,
  'security:passport-github:isSameEmailTreatedAsIdenticalUser': false,
  /** Quire's own key: a GitHub Enterprise Server on the LAN; empty for github.com. */
  'security:passport-github:baseUrl': '',
};
