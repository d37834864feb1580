// GitHub sign-in: GitHub's OAuth 2 endpoints and REST user (oauth2.ts does the protocol).
// `baseUrl` points at a GitHub Enterprise Server on the LAN (`https://github.company.com`, API under
// `/api/v3`); empty means github.com.
import type { SettingsService } from '../../../settings/service';
import type { OAuth2Provider } from '../oauth2/service';
import { text, type OAuth2Endpoints } from '../oauth2/strategy';

function endpoints(baseUrl: string): OAuth2Endpoints {
  const web = baseUrl || 'https://github.com';
  return {
    issuer: web,
    authorization_endpoint: `${web}/login/oauth/authorize`,
    token_endpoint: `${web}/login/oauth/access_token`,
    userUrl: baseUrl ? `${baseUrl}/api/v3/user` : 'https://api.github.com/user',
    scope: 'read:user user:email',
    userAccept: 'application/vnd.github+json',
  };
}

/** GROWI's mapping: id, login as username, display name; the public e-mail when there is one. */
export const GITHUB: OAuth2Provider = {
  id: 'github',
  endpoints: (settings: SettingsService) =>
    endpoints(settings.get('security:passport-github:baseUrl').replace(/\/+$/, '')),
  profile: (user) => ({
    id: text(user.id),
    username: text(user.login),
    name: text(user.name),
    email: text(user.email),
  }),
};
