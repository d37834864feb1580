// A stand-in for an OAuth 2 provider (github.com and Google cannot be reached from tests): the
// authorize page, which approves at once and sends the browser back with a one-time code, the
// token endpoint (checking the client secret, the redirect and PKCE), and the user endpoint. GitHub
// (as an Enterprise Server answers) and Google (its paths, on one host) are two sets of paths. On
// 127.0.0.1.
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import type { Agent } from './server';

export interface GithubUser {
  id: number;
  login: string;
  name: string;
  email: string | null;
}

export const GITHUB_CLIENT = { id: 'gh-client', secret: 'gh-secret' };
export const GOOGLE_CLIENT = { id: 'google-client', secret: 'google-secret' };

export interface OAuthStandin<U> {
  baseUrl: string;
  /** Who the next authorize request signs in as (the user endpoint's answer). */
  signInAs(user: U): void;
  stop(): Promise<void>;
}
export type GithubStandin = OAuthStandin<GithubUser>;

interface StandinPaths {
  authorize: string;
  token: string;
  user: string;
  client: { id: string; secret: string };
}

const GITHUB_PATHS: StandinPaths = {
  authorize: '/login/oauth/authorize',
  token: '/login/oauth/access_token',
  user: '/api/v3/user',
  client: GITHUB_CLIENT,
};
const GOOGLE_PATHS: StandinPaths = {
  authorize: '/o/oauth2/v2/auth',
  token: '/token',
  user: '/oauth2/v3/userinfo',
  client: GOOGLE_CLIENT,
};

const body = (req: http.IncomingMessage) =>
  new Promise<URLSearchParams>((resolve) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => resolve(new URLSearchParams(text)));
  });

export const startGithubStandin = () => startOAuthStandin<GithubUser>(GITHUB_PATHS);
export const startGoogleStandin = () => startOAuthStandin<Record<string, string>>(GOOGLE_PATHS);

async function startOAuthStandin<U>(paths: StandinPaths): Promise<OAuthStandin<U>> {
  const CLIENT = paths.client;
  let current: U | null = null;
  const codes = new Map<string, { user: U; redirect: string; challenge: string }>();
  const tokens = new Map<string, U>();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://standin');
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    if (url.pathname === paths.authorize) {
      const redirect = url.searchParams.get('redirect_uri') ?? '';
      if (url.searchParams.get('client_id') !== CLIENT.id || !current) return json(400, {});
      const code = randomBytes(8).toString('hex');
      codes.set(code, { user: current, redirect, challenge: url.searchParams.get('code_challenge') ?? '' });
      const back = new URL(redirect);
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      res.writeHead(302, { location: back.href });
      return res.end();
    }
    if (url.pathname === paths.token && req.method === 'POST') {
      void body(req).then((form) => {
        // GitHub takes the client's credentials in the form (its documented way) or as Basic.
        const basic = Buffer.from(
          (req.headers.authorization ?? '').replace(/^Basic /, ''),
          'base64',
        ).toString();
        const [basicId, basicSecret] = basic.split(':').map(decodeURIComponent);
        const id = form.get('client_id') ?? basicId;
        const secret = form.get('client_secret') ?? basicSecret;
        const grant = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? ''); // one use
        const verifier = form.get('code_verifier') ?? '';
        const challenge = createHash('sha256').update(verifier).digest('base64url');
        if (id !== CLIENT.id || secret !== CLIENT.secret || !grant) {
          return json(400, { error: 'bad_verification_code' });
        }
        if (grant.redirect !== form.get('redirect_uri') || grant.challenge !== challenge) {
          return json(400, { error: 'invalid_grant' });
        }
        const token = randomBytes(8).toString('hex');
        tokens.set(token, grant.user);
        return json(200, { access_token: token, token_type: 'bearer', scope: 'read:user' });
      });
      return;
    }
    if (url.pathname === paths.user) {
      const user = tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
      return user ? json(200, user) : json(401, { message: 'Bad credentials' });
    }
    return json(404, {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    signInAs: (user: U) => (current = user),
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * The browser's trip: Quire's `/passport/<provider>` → the stand-in (approves at once) → the
 * callback address it sends back to, which must be the wiki's site URL; returns that path.
 */
export async function roundTrip(
  browser: Agent,
  provider: 'github' | 'google',
  site: string,
): Promise<string> {
  const start = await browser.get(`/passport/${provider}`);
  expect(start.statusCode).toBe(302);
  const approve = await fetch(String(start.headers.location), { redirect: 'manual' });
  const back = new URL(approve.headers.get('location') ?? '');
  expect(back.origin).toBe(site);
  expect(back.pathname).toBe(`/passport/${provider}/callback`);
  return `${back.pathname}${back.search}`;
}
