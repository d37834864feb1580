// This sign-in's settings, under GROWI's key names (secrets are write-only through the API).
export const BASIC_SETTINGS = {
  /** Quire's own key: GROWI removed its (password-less) basic strategy in v6. Off by default. */
  'security:passport-basic:isEnabled': false,
};
