// Google sign-in: Google's OAuth 2 endpoints and its userinfo (oauth2.ts does the protocol), scope
// `profile email` as GROWI asks. `base` replaces Google's three hosts with one server that answers
// the same paths — a stand-in for tests, or a proxy on a LAN without direct internet
// (QUIRE_GOOGLE_OAUTH_BASE); empty means Google itself.
import type { OAuth2Provider } from '../oauth2/service';
import { text, type OAuth2Endpoints } from '../oauth2/strategy';

export function googleEndpoints(base: string): OAuth2Endpoints {
  return {
    issuer: base || 'https://accounts.google.com',
    authorization_endpoint: `${base || 'https://accounts.google.com'}/o/oauth2/v2/auth`,
    token_endpoint: `${base || 'https://oauth2.googleapis.com'}/token`,
    userUrl: `${base || 'https://www.googleapis.com'}/oauth2/v3/userinfo`,
    scope: 'profile email',
  };
}

/**
 * GROWI's mapping: the account id is Google's `sub`; the user name is the e-mail's local part
 * (the display name when there is no e-mail); the name is "given family", or "family given" for a
 * Japanese account (GROWI looks at the wiki's language, which Quire does not have: the Google
 * account's own `locale` is the better guide).
 */
export function googleProvider(base: string): OAuth2Provider {
  return {
    id: 'google',
    endpoints: () => googleEndpoints(base),
    profile: (user) => {
      const email = text(user.email);
      const given = text(user.given_name);
      const family = text(user.family_name);
      const japanese = text(user.locale).startsWith('ja');
      const name =
        (japanese ? [family, given] : [given, family]).filter(Boolean).join(' ') || text(user.name);
      return {
        id: text(user.sub),
        username: email ? (email.split('@')[0] ?? '') : text(user.name),
        name,
        email,
      };
    },
  };
}
