// GitHub sign-in (OAuth 2 with state and PKCE) through openid-client's plain-OAuth calls: the
// authorize URL, the code exchange, then the user from GitHub's REST API. `baseUrl` points at a
// GitHub Enterprise Server on the LAN (`https://github.company.com`, API under `/api/v3`); empty
// means github.com.
import * as oidc from 'openid-client';
import type { SettingsService } from '../../settings/service';

export interface GithubSettings {
  clientId: string;
  clientSecret: string;
  baseUrl: string;
}

export interface OAuthPending {
  state: string;
  codeVerifier: string;
}

export interface GithubProfile {
  id: string;
  username: string;
  name: string;
  email: string;
}

const TIMEOUT_S = 5;

export function githubSettingsFrom(settings: SettingsService): GithubSettings {
  return {
    clientId: settings.get('security:passport-github:clientId'),
    clientSecret: settings.get('security:passport-github:clientSecret'),
    baseUrl: settings.get('security:passport-github:baseUrl').replace(/\/+$/, ''),
  };
}

export const isGithubConfigured = (s: GithubSettings) => s.clientId !== '' && s.clientSecret !== '';

function endpoints(s: GithubSettings) {
  const web = s.baseUrl || 'https://github.com';
  return {
    issuer: web,
    authorization_endpoint: `${web}/login/oauth/authorize`,
    token_endpoint: `${web}/login/oauth/access_token`,
    userUrl: s.baseUrl ? `${s.baseUrl}/api/v3/user` : 'https://api.github.com/user',
  };
}

function configurationOf(s: GithubSettings): oidc.Configuration {
  const { userUrl: _user, ...server } = endpoints(s);
  const config = new oidc.Configuration(server, s.clientId, s.clientSecret);
  // An http Enterprise Server is the admin's explicit choice on a LAN.
  if (server.issuer.startsWith('http:')) oidc.allowInsecureRequests(config);
  config.timeout = TIMEOUT_S;
  return config;
}

export async function startGithub(s: GithubSettings, redirectUri: string) {
  const pending: OAuthPending = { state: oidc.randomState(), codeVerifier: oidc.randomPKCECodeVerifier() };
  const url = oidc.buildAuthorizationUrl(configurationOf(s), {
    redirect_uri: redirectUri,
    scope: 'read:user user:email',
    state: pending.state,
    code_challenge: await oidc.calculatePKCECodeChallenge(pending.codeVerifier),
    code_challenge_method: 'S256',
  });
  return { url, pending };
}

/** GROWI's mapping: id, login as username, display name; the public e-mail when there is one. */
export async function finishGithub(
  s: GithubSettings,
  callbackUrl: URL,
  pending: OAuthPending,
): Promise<GithubProfile> {
  const tokens = await oidc.authorizationCodeGrant(configurationOf(s), callbackUrl, {
    expectedState: pending.state,
    pkceCodeVerifier: pending.codeVerifier,
    idTokenExpected: false,
  });
  const res = await fetch(endpoints(s).userUrl, {
    headers: { authorization: `Bearer ${tokens.access_token}`, accept: 'application/vnd.github+json' },
    signal: AbortSignal.timeout(TIMEOUT_S * 1000),
  });
  if (!res.ok) throw new Error(`GitHub user API answered ${res.status}`);
  const user = (await res.json()) as { id?: unknown; login?: unknown; name?: unknown; email?: unknown };
  const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
  return { id: text(user.id), username: text(user.login), name: text(user.name), email: text(user.email) };
}
