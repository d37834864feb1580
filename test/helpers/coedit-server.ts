// A listening test server (sockets need a real port) with the admin and one more user signed in.
import type { Page } from '../../src/shared/api-types';
import { createUser, install, signIn, startTestServer, type Agent, type TestServer } from './server';

export interface ListeningServer {
  server: TestServer;
  url: string;
  admin: Agent;
  bob: Agent;
}

export async function listen(server: TestServer): Promise<string> {
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  const address = server.app.server.address();
  if (typeof address !== 'object' || !address) throw new Error('not listening');
  return `http://127.0.0.1:${address.port}`;
}

export async function startListening(dataDir?: string): Promise<ListeningServer> {
  const server = await startTestServer(dataDir ? { dataDir } : {});
  const url = await listen(server);
  const admin = await install(server.app);
  await createUser(server.app, 'bob');
  const bob = await signIn(server.app, 'bob');
  return { server, url, admin, bob };
}

export async function createPage(agent: Agent, path: string, body: string): Promise<Page> {
  const res = await agent.post('/_api/v3/page', { path, body });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json<{ page: Page }>().page;
}
