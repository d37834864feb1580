import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Agent, install, makeDataDir, startTestServer, type TestServer } from '../helpers/server';

let server: TestServer;
let rendererDir: string;
beforeEach(async () => {
  rendererDir = makeDataDir();
  fs.writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><title>Quire app</title>');
  fs.mkdirSync(path.join(rendererDir, 'assets'));
  fs.writeFileSync(path.join(rendererDir, 'assets', 'app.js'), 'console.log(1)');
  server = await startTestServer({ rendererDir });
});
afterEach(async () => {
  await server.cleanup();
  fs.rmSync(rendererDir, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it('creates the data directory layout on first start', () => {
    for (const entry of ['quire.db', 'attachments', 'backups', 'logs']) {
      expect(fs.existsSync(path.join(server.dataDir, entry)), entry).toBe(true);
    }
  });

  it('answers every app route with index.html and a strict content security policy', async () => {
    await install(server.app);
    const guest = new Agent(server.app);
    for (const url of ['/', '/Sandbox/Deep/Page', '/6b025e1c1af7c2640e13ba11', '/login', '/me']) {
      const res = await guest.get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>Quire app</title>');
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('serves a rebuilt index.html without a restart', async () => {
    await install(server.app);
    const index = path.join(rendererDir, 'index.html');
    fs.writeFileSync(index, '<!doctype html><title>Rebuilt</title>');
    fs.utimesSync(index, new Date(), new Date(Date.now() + 5000));
    expect((await new Agent(server.app).get('/Any/Page')).body).toContain('<title>Rebuilt</title>');
  });

  it('serves built files and answers unknown API routes with a JSON 404', async () => {
    await install(server.app);
    const guest = new Agent(server.app);
    const asset = await guest.get('/assets/app.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log(1)');
    const api = await guest.get('/_api/v3/no-such-route');
    expect(api.statusCode).toBe(404);
    expect(api.json().errors[0].code).toBe('not_found');
  });

  it('answers the healthcheck', async () => {
    const res = await new Agent(server.app).get('/_api/v3/healthcheck');
    expect(res.json()).toEqual({ status: 'OK' });
  });
});
