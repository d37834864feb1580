// A real HTTP server on 127.0.0.1:0 playing the wiki server's healthcheck, for tests whose server
// child is a fake: it answers the given statuses in turn (the last one from then on).
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface HealthServer {
  url: string;
  /** Healthcheck requests answered so far, and how many of them were 200. */
  requests: number;
  okAnswers: number;
  close(): Promise<void>;
}

export async function startHealthServer(statuses: number[] = [200]): Promise<HealthServer> {
  const health = { url: '', requests: 0, okAnswers: 0, close: async () => undefined } as HealthServer;
  const server = http.createServer((request, response) => {
    if (request.url !== '/_api/v3/healthcheck') {
      response.writeHead(404).end();
      return;
    }
    const status = statuses[Math.min(health.requests, statuses.length - 1)] ?? 200;
    health.requests++;
    if (status === 200) health.okAnswers++;
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ status: status === 200 ? 'OK' : 'NG' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  health.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  health.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return health;
}
