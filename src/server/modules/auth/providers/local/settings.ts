// This sign-in's settings, under GROWI's key names (secrets are write-only through the API).
export const LOCAL_SETTINGS = {
  'security:passport-local:isEnabled': true,
  /** GROWI's key: "forgot password" links by e-mail (only while mail is set up). */
  'security:passport-local:isPasswordResetEnabled': true,
};
