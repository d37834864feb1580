// Plain OAuth 2 sign-in (GitHub, Google) through openid-client's OAuth calls: the authorize URL with
// state and PKCE, the code exchange, then the provider's user endpoint with the access token. Each
// provider gives its endpoints and scope (github.ts, google.ts) and maps the user it answers.
import * as oidc from 'openid-client';

export interface OAuthPending {
  state: string;
  codeVerifier: string;
}

export interface OAuth2Client {
  clientId: string;
  clientSecret: string;
}

export interface OAuth2Endpoints {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  /** Answers the signed-in user as JSON to `Authorization: Bearer <access token>`. */
  userUrl: string;
  scope: string;
  userAccept?: string;
}

const TIMEOUT_S = 5;

function configurationOf(endpoints: OAuth2Endpoints, client: OAuth2Client): oidc.Configuration {
  const { userUrl: _user, scope: _scope, userAccept: _accept, ...server } = endpoints;
  const config = new oidc.Configuration(server, client.clientId, client.clientSecret);
  // http is the admin's explicit choice (an Enterprise Server or a stand-in on the LAN).
  if (server.authorization_endpoint.startsWith('http:')) oidc.allowInsecureRequests(config);
  config.timeout = TIMEOUT_S;
  return config;
}

export async function startOAuth2(endpoints: OAuth2Endpoints, client: OAuth2Client, redirectUri: string) {
  const pending: OAuthPending = { state: oidc.randomState(), codeVerifier: oidc.randomPKCECodeVerifier() };
  const url = oidc.buildAuthorizationUrl(configurationOf(endpoints, client), {
    redirect_uri: redirectUri,
    scope: endpoints.scope,
    state: pending.state,
    code_challenge: await oidc.calculatePKCECodeChallenge(pending.codeVerifier),
    code_challenge_method: 'S256',
  });
  return { url, pending };
}

/** The code exchanged (state and PKCE checked), then the provider's user object. */
export async function finishOAuth2(
  endpoints: OAuth2Endpoints,
  client: OAuth2Client,
  callbackUrl: URL,
  pending: OAuthPending,
): Promise<Record<string, unknown>> {
  const tokens = await oidc.authorizationCodeGrant(configurationOf(endpoints, client), callbackUrl, {
    expectedState: pending.state,
    pkceCodeVerifier: pending.codeVerifier,
    idTokenExpected: false,
  });
  const res = await fetch(endpoints.userUrl, {
    headers: {
      authorization: `Bearer ${tokens.access_token}`,
      accept: endpoints.userAccept ?? 'application/json',
    },
    signal: AbortSignal.timeout(TIMEOUT_S * 1000),
  });
  if (!res.ok) throw new Error(`the user endpoint answered ${res.status}`);
  const user = (await res.json()) as unknown;
  if (typeof user !== 'object' || user === null) throw new Error('the user endpoint answered no object');
  return user as Record<string, unknown>;
}

/** A provider's id or name as text ('' when absent). */
export const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
