// The defaults of every sign-in provider's settings, kept apart from the providers themselves so
// the settings service reads them without loading any provider.
import { LOCAL_SETTINGS } from './local/settings';
import { LDAP_SETTINGS } from './ldap/settings';
import { OIDC_SETTINGS } from './oidc/settings';
import { SAML_SETTINGS } from './saml/settings';
import { GITHUB_SETTINGS } from './github/settings';
import { GOOGLE_SETTINGS } from './google/settings';
import { BASIC_SETTINGS } from './basic/settings';

/** The sign-in settings, under GROWI's key names; the settings service spreads them in. */
export const SIGN_IN_SETTING_DEFAULTS = {
  ...LOCAL_SETTINGS,
  ...LDAP_SETTINGS,
  ...OIDC_SETTINGS,
  ...SAML_SETTINGS,
  ...GITHUB_SETTINGS,
  ...GOOGLE_SETTINGS,
  ...BASIC_SETTINGS,
};
