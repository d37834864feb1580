// One soak user's browser: a keep-alive connection of its own, the session cookie and the CSRF
// token, on node:http. The test helpers' HttpAgent uses fetch, whose objects and streams cost the
// load generator more per request than node:http (the soak's 200 users share 2 cores with the
// server they time).
import http from 'node:http';

export interface SoakAnswer {
  status: number;
  ok: boolean;
  body: string;
}

export class SoakClient {
  private cookie = '';
  private token = '';
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  private readonly base: URL;

  constructor(baseUrl: string) {
    this.base = new URL(baseUrl);
  }

  async call(method: string, path: string, body?: unknown): Promise<SoakAnswer> {
    if (method !== 'GET' && !this.token) {
      const answer = await this.call('GET', '/_api/v3/csrf-token');
      this.token = (JSON.parse(answer.body) as { token: string }).token;
    }
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (this.cookie) headers.cookie = this.cookie;
    if (method !== 'GET') headers['x-csrf-token'] = this.token;
    return this.send(method, path, headers, body === undefined ? undefined : JSON.stringify(body));
  }

  close(): void {
    this.agent.destroy();
  }

  private send(
    method: string,
    path: string,
    headers: Record<string, string>,
    payload: string | undefined,
  ): Promise<SoakAnswer> {
    return new Promise((resolve, reject) => {
      const req = http.request(
        { agent: this.agent, host: this.base.hostname, port: this.base.port, method, path, headers },
        (res) => {
          const setCookie = res.headers['set-cookie']?.[0];
          if (setCookie) {
            this.cookie = setCookie.split(';')[0] ?? '';
            if (path !== '/_api/v3/csrf-token') this.token = '';
          }
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const status = res.statusCode ?? 0;
            resolve({
              status,
              ok: status >= 200 && status < 300,
              body: Buffer.concat(chunks).toString('utf8'),
            });
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  }
}
