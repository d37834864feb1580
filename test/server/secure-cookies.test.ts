// The session cookie is marked Secure when Quire is served over HTTPS (and only then: over plain
// HTTP on a LAN a Secure cookie would never come back). The real app behind a real TLS socket.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';

let server: TestServer;
let tls: https.Server;

beforeAll(async () => {
  server = await startTestServer();
  const key = path.join(server.dataDir, 'key.pem');
  const cert = path.join(server.dataDir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-subj',
      '/CN=localhost',
      '-days',
      '1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  await server.app.ready();
  tls = https.createServer({ key: fs.readFileSync(key), cert: fs.readFileSync(cert) }, server.app.routing);
  await new Promise<void>((resolve) => tls.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  await new Promise((resolve) => tls.close(resolve));
  await server.cleanup();
});

function getOverHttps(url: string): Promise<string[]> {
  const { port } = tls.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    https
      .get({ host: '127.0.0.1', port, path: url, rejectUnauthorized: false }, (res) => {
        res.resume();
        resolve(res.headers['set-cookie'] ?? []);
      })
      .on('error', reject);
  });
}

describe('session cookie', () => {
  it('is Secure over HTTPS', async () => {
    const cookies = await getOverHttps('/_api/v3/csrf-token');
    expect(cookies[0]).toMatch(/^quire\.sid=.*; Secure/);
    expect(cookies[0]).toContain('HttpOnly');
  });

  it('is not Secure over plain HTTP', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/_api/v3/csrf-token' });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^quire\.sid=/);
    expect(cookie).not.toContain('Secure');
  });
});
