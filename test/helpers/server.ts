// Test harness: a real server on a real SQLite file in a temporary data directory, and a small
// browser-like agent that keeps its session cookie and CSRF token.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildServer, type QuireServer } from '../../src/server/app';
import { defaultConfig, type ServerConfig } from '../../src/server/config';

export interface TestServer {
  app: QuireServer;
  dataDir: string;
  /** Closes the server; the data directory stays until `cleanup`. */
  close(): Promise<void>;
  cleanup(): Promise<void>;
}

export function makeDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'quire-test-'));
}

export async function startTestServer(overrides: Partial<ServerConfig> = {}): Promise<TestServer> {
  const dataDir = overrides.dataDir ?? makeDataDir();
  const app = await buildServer(
    defaultConfig({ dataDir, logLevel: 'silent', logToFile: false, ...overrides }),
  );
  let closed = false;
  const close = async () => {
    if (!closed) await app.close();
    closed = true;
  };
  return {
    app,
    dataDir,
    close,
    cleanup: async () => {
      await close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export class Agent {
  cookie = '';
  private token: string | null = null;

  constructor(
    private readonly app: QuireServer,
    private readonly headers: Record<string, string> = {},
  ) {}

  private remember(res: LightMyRequestResponse) {
    const setCookie = res.headers['set-cookie'];
    const first = Array.isArray(setCookie) ? setCookie[0] : setCookie;
    if (first) {
      this.cookie = first.split(';')[0] ?? '';
      this.token = null; // a new session needs a new token
    }
  }

  async csrfToken(): Promise<string> {
    if (!this.token) {
      const res = await this.request('GET', '/_api/v3/csrf-token');
      this.token = res.json<{ token: string }>().token;
    }
    return this.token;
  }

  async request(
    method: Method,
    url: string,
    payload?: unknown,
    extra: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { ...this.headers, ...extra };
    // Fetch the token first: it may start the session whose cookie is sent below.
    if (method !== 'GET' && !('x-csrf-token' in headers)) headers['x-csrf-token'] = await this.csrfToken();
    if (this.cookie) headers.cookie = this.cookie;
    const options: InjectOptions = { method, url, headers };
    if (payload !== undefined) options.payload = payload as InjectOptions['payload'];
    const res = await this.app.inject(options);
    this.remember(res);
    return res;
  }

  get(url: string, extra?: Record<string, string>) {
    return this.request('GET', url, undefined, extra);
  }
  post(url: string, payload?: unknown, extra?: Record<string, string>) {
    return this.request('POST', url, payload ?? {}, extra);
  }
  put(url: string, payload?: unknown, extra?: Record<string, string>) {
    return this.request('PUT', url, payload ?? {}, extra);
  }
  delete(url: string, extra?: Record<string, string>) {
    return this.request('DELETE', url, undefined, extra);
  }
}

/**
 * A script holding an API token: no cookie, no CSRF token, only `Authorization: Bearer` (or
 * `access_token=` when `via` says so).
 */
export function tokenRequest(
  app: QuireServer,
  token: string,
  method: Method,
  url: string,
  payload?: unknown,
  via: 'bearer' | 'growi-header' | 'query' | 'body' = 'bearer',
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> =
    via === 'bearer'
      ? { authorization: `Bearer ${token}` }
      : via === 'growi-header'
        ? { 'x-growi-access-token': token }
        : {};
  const sep = url.includes('?') ? '&' : '?';
  const target = via === 'query' ? `${url}${sep}access_token=${encodeURIComponent(token)}` : url;
  const body =
    via === 'body'
      ? { ...((payload as Record<string, unknown> | undefined) ?? {}), access_token: token }
      : payload;
  const options: InjectOptions = { method, url: target, headers };
  if (body !== undefined) options.payload = body as InjectOptions['payload'];
  return app.inject(options);
}

/** An admin-made group with these members (usernames); returns its id. */
export async function createGroup(
  admin: Agent,
  name: string,
  members: string[] = [],
  parentId: string | null = null,
): Promise<string> {
  const res = await admin.post('/_api/v3/user-groups', { name, description: `${name} group`, parentId });
  if (res.statusCode !== 201) throw new Error(`group creation failed: ${res.statusCode} ${res.body}`);
  const id = res.json<{ userGroup: { _id: string } }>().userGroup._id;
  for (const username of members) {
    const added = await admin.post(`/_api/v3/user-groups/${id}/users/${username}`);
    if (added.statusCode !== 200)
      throw new Error(`adding ${username} failed: ${added.statusCode} ${added.body}`);
  }
  return id;
}

/** Saves `page` again granted to one group (its latest revision must be `page.revision`). */
export async function grantToGroup(
  agent: Agent,
  page: { _id: string; revision: { _id: string } },
  groupId: string,
  body = 'for the group',
): Promise<void> {
  const res = await agent.put('/_api/v3/page', {
    pageId: page._id,
    revisionId: page.revision._id,
    body,
    grant: 5,
    grantUserGroupIds: [{ type: 'UserGroup', item: groupId }],
  });
  if (res.statusCode !== 200) throw new Error(`granting to the group failed: ${res.statusCode} ${res.body}`);
}

export const ADMIN = {
  username: 'admin',
  name: 'Ada Admin',
  email: 'ada@example.com',
  password: 'correct horse',
  lang: 'en_US',
} as const;

/** Runs the installer; returns the admin's signed-in agent. */
export async function install(app: QuireServer): Promise<Agent> {
  const agent = new Agent(app);
  const res = await agent.post('/_api/v3/installer', ADMIN);
  if (res.statusCode !== 201) throw new Error(`installer failed: ${res.statusCode} ${res.body}`);
  return agent;
}

export const USER_PASSWORD = 'secret1';

/** A regular (non-admin) user, `<username>@example.com`, password USER_PASSWORD. */
export function createUser(app: QuireServer, username: string) {
  return app.ctx.users.create({
    username,
    name: username[0]?.toUpperCase() + username.slice(1),
    email: `${username}@example.com`,
    password: USER_PASSWORD,
    lang: 'en_US',
  });
}

/** A signed-in agent for an existing user. */
export async function signIn(app: QuireServer, username: string, password = USER_PASSWORD): Promise<Agent> {
  const agent = new Agent(app);
  const res = await agent.post('/_api/v3/login', { username, password });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return agent;
}

/** Users signed in together: the installed admin and one agent per named (non-admin) user. */
export async function signInTeam<N extends string>(
  app: QuireServer,
  usernames: readonly N[],
): Promise<{ admin: Agent } & Record<N, Agent>> {
  const admin = await install(app);
  const team: Record<string, Agent> = { admin };
  for (const username of usernames) {
    await createUser(app, username);
    team[username] = await signIn(app, username);
  }
  return team as { admin: Agent } & Record<N, Agent>;
}
