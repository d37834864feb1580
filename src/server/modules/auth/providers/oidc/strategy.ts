// OpenID Connect with openid-client 6: discovery from the issuer (or explicit endpoints), the
// authorization URL with state, nonce and PKCE, and the code exchange with every check. Knows
// nothing of Fastify; the pending checks travel in the caller's session.
import * as oidc from 'openid-client';
import type { SettingsService } from '../../../settings/service';

export interface OidcSettings {
  issuerHost: string;
  clientId: string;
  clientSecret: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  userInfoEndpoint: string;
  jwksUri: string;
  endSessionEndpoint: string;
  revocationEndpoint: string;
  introspectionEndpoint: string;
  registrationEndpoint: string;
  attrMapId: string;
  attrMapUserName: string;
  attrMapName: string;
  attrMapMail: string;
}

/** What must survive the round trip to the provider, in the session, used once. */
export interface OidcPending {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface OidcClaims {
  id: string;
  username: string;
  name: string;
  email: string;
}

/** Seconds: a provider that does not answer gives up the sign-in, never hangs it. */
const OIDC_TIMEOUT_S = 5;

export function oidcSettingsFrom(settings: SettingsService): OidcSettings {
  const get = (name: keyof OidcSettings) => settings.get(`security:passport-oidc:${name}`);
  const names: (keyof OidcSettings)[] = [
    'issuerHost',
    'clientId',
    'clientSecret',
    'authorizationEndpoint',
    'tokenEndpoint',
    'userInfoEndpoint',
    'jwksUri',
    'endSessionEndpoint',
    'revocationEndpoint',
    'introspectionEndpoint',
    'registrationEndpoint',
    'attrMapId',
    'attrMapUserName',
    'attrMapName',
    'attrMapMail',
  ];
  return Object.fromEntries(names.map((n) => [n, get(n)])) as unknown as OidcSettings;
}

/** GROWI's issuer forms: a bare host (https assumed), a base URL, or the discovery document URL. */
export function issuerUrl(issuerHost: string): URL {
  const withScheme = /^https?:\/\//i.test(issuerHost) ? issuerHost : `https://${issuerHost}`;
  return new URL(withScheme.replace(/\/\.well-known\/openid-configuration\/?$/, ''));
}

/** Discovers the provider and applies the admin's endpoint overrides; throws when unusable. */
export async function setUpOidc(s: OidcSettings): Promise<oidc.Configuration> {
  if (!s.issuerHost || !s.clientId) throw new Error('issuerHost and clientId are required');
  const issuer = issuerUrl(s.issuerHost);
  // An http issuer is the admin's explicit choice on a LAN (e.g. a Keycloak without TLS).
  const execute = issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : [];
  const discovered = await oidc.discovery(issuer, s.clientId, s.clientSecret || undefined, undefined, {
    execute,
    timeout: OIDC_TIMEOUT_S,
  });
  const overrides = Object.fromEntries(
    Object.entries({
      authorization_endpoint: s.authorizationEndpoint,
      token_endpoint: s.tokenEndpoint,
      userinfo_endpoint: s.userInfoEndpoint,
      jwks_uri: s.jwksUri,
      end_session_endpoint: s.endSessionEndpoint,
      revocation_endpoint: s.revocationEndpoint,
      introspection_endpoint: s.introspectionEndpoint,
      registration_endpoint: s.registrationEndpoint,
    }).filter(([, v]) => v !== ''),
  );
  if (Object.keys(overrides).length === 0) return discovered;
  const config = new oidc.Configuration(
    { ...discovered.serverMetadata(), ...overrides },
    s.clientId,
    s.clientSecret || undefined,
  );
  for (const apply of execute) apply(config);
  config.timeout = OIDC_TIMEOUT_S;
  return config;
}

export async function startOidc(
  config: oidc.Configuration,
  redirectUri: string,
): Promise<{ url: URL; pending: OidcPending }> {
  const pending: OidcPending = {
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
    codeVerifier: oidc.randomPKCECodeVerifier(),
  };
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    state: pending.state,
    nonce: pending.nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(pending.codeVerifier),
    code_challenge_method: 'S256',
  });
  return { url, pending };
}

const claimText = (claims: Record<string, unknown>, name: string): string => {
  const value = name ? claims[name] : undefined;
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
};

/**
 * Exchanges the code (state, nonce and PKCE checked by openid-client) and maps the userinfo
 * claims. Unset mappings fall back to the usual `sub / preferred_username / name / email`.
 */
export async function finishOidc(
  config: oidc.Configuration,
  s: OidcSettings,
  callbackUrl: URL,
  pending: OidcPending,
): Promise<OidcClaims> {
  const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
    expectedState: pending.state,
    expectedNonce: pending.nonce,
    pkceCodeVerifier: pending.codeVerifier,
    idTokenExpected: true,
  });
  const sub = tokens.claims()?.sub ?? oidc.skipSubjectCheck;
  const info = (await oidc.fetchUserInfo(config, tokens.access_token, sub)) as Record<string, unknown>;
  return {
    id: claimText(info, s.attrMapId || 'sub'),
    username: claimText(info, s.attrMapUserName || 'preferred_username'),
    name: claimText(info, s.attrMapName || 'name'),
    email: claimText(info, s.attrMapMail || 'email'),
  };
}
