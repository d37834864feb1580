// A real OpenID provider for sign-in tests: panva's oidc-provider in-process on 127.0.0.1 with its
// development login and consent screens, and a small cookie-keeping driver that walks a person
// through them as a browser would.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface OidcPerson {
  sub: string;
  preferred_username: string;
  name: string;
  email: string;
}

export const OIDC_CLIENT = { id: 'quire-test', secret: 'quire-test-secret' };

export interface TestProvider {
  issuer: string;
  stop(): Promise<void>;
}

export async function startOidcProvider(redirectUri: string, people: OidcPerson[]): Promise<TestProvider> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [{ client_id: OIDC_CLIENT.id, client_secret: OIDC_CLIENT.secret, redirect_uris: [redirectUri] }],
    claims: { openid: ['sub'], email: ['email'], profile: ['name', 'preferred_username'] },
    cookies: { keys: ['test-cookie-key'] },
    findAccount: (_ctx, id) => {
      const person = people.find((p) => p.sub === id);
      return person ? { accountId: id, claims: () => ({ ...person }) } : undefined;
    },
  });
  // The development screens warn on every start; the tests know.
  provider.on('server_error', () => undefined);
  server.on('request', provider.callback());
  return {
    issuer,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Follows the provider's redirects and screens as `login` until it sends the browser back. */
export async function signInAtProvider(authorizationUrl: string, login: string): Promise<URL> {
  const jar = new Map<string, string>();
  const origin = new URL(authorizationUrl).origin;
  const step = async (url: string, form?: Record<string, string>): Promise<string> => {
    const res = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: form ? new URLSearchParams(form).toString() : undefined,
    });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, ...value] = (pair ?? '').split('=');
      if (name) jar.set(name.trim(), value.join('='));
    }
    const location = res.headers.get('location');
    if (!location) throw new Error(`provider stopped at ${url}: ${res.status} ${await res.text()}`);
    return new URL(location, origin).href;
  };
  let next = await step(authorizationUrl);
  for (let hops = 0; hops < 10; hops += 1) {
    if (!next.startsWith(origin)) return new URL(next);
    const path = new URL(next).pathname;
    if (path.startsWith('/interaction/')) {
      const screen = await (
        await fetch(next, { headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } })
      ).text();
      const prompt = screen.includes('name="login"') ? 'login' : 'consent';
      next = await step(next, prompt === 'login' ? { prompt, login, password: 'any' } : { prompt });
    } else {
      next = await step(next);
    }
  }
  throw new Error('too many redirects at the provider');
}
