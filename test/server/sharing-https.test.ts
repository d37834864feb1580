// HTTPS for the LAN: a generated certificate (its fingerprint shown to compare) or the admin's own,
// on the same port as plain HTTP for this machine's window; colleagues' plain requests are sent to
// https. Loopback only: "the LAN" is 127.0.0.2.
import crypto from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import net from 'node:net';
import tls from 'node:tls';
import { generate } from 'selfsigned';
import { afterEach, describe, expect, it } from 'vitest';
import { buildServer } from '../../src/server/app';
import { defaultConfig } from '../../src/server/config';
import { ServerRunner } from '../../src/server/runner';
import type { SharingState } from '../../src/shared/sharing';
import { ADMIN, install, makeDataDir, signIn } from '../helpers/server';
import { FAKE_MACHINE, reach } from '../helpers/sharing';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function startRunner(dataDir: string) {
  const config = defaultConfig({
    dataDir,
    port: 0,
    shareHosts: ['127.0.0.1', '127.0.0.2'],
    logLevel: 'silent',
    logToFile: false,
  });
  const runner = new ServerRunner(config, undefined, undefined, buildServer, {
    announcer: null,
    machine: FAKE_MACHINE,
  });
  const port = await runner.start();
  cleanups.push(() => runner.close());
  return { runner, port };
}

/** The certificate a TLS client is shown at this address. */
function presented(host: string, port: number): Promise<tls.DetailedPeerCertificate> {
  return new Promise((resolve, reject) => {
    const socket = tls.connect({ host, port, rejectUnauthorized: false, servername: undefined }, () => {
      resolve(socket.getPeerCertificate(true));
      socket.end();
    });
    socket.on('error', reject);
  });
}

function httpsStatus(url: string, cookie: string): Promise<number> {
  return new Promise((resolve, reject) => {
    https
      .get(url, { rejectUnauthorized: false, agent: false, headers: { cookie } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
      .on('error', reject);
  });
}

describe('HTTPS for the LAN', () => {
  it('generates a certificate for this machine, serves it on the same port, and keeps it across restarts', async () => {
    const dataDir = makeDataDir();
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const { runner, port } = await startRunner(dataDir);
    const admin = await install(runner.app);
    await admin.put('/_api/v3/sharing', { shared: true, confirmed: true });

    const res = await admin.put('/_api/v3/sharing/https', { mode: 'self-signed' });
    expect(res.statusCode).toBe(200);
    const state = res.json<{ sharing: SharingState }>().sharing;
    expect(state).toMatchObject({ https: 'self-signed', protocol: 'https' });
    expect(state.addresses).toContainEqual({ url: `http://127.0.0.1:${port}`, kind: 'loopback' });

    const cert = await presented('127.0.0.2', port);
    expect(cert.fingerprint256).toBe(state.tlsFingerprint);
    expect(cert.subjectaltname).toContain('IP Address:192.168.1.20');
    expect(cert.subjectaltname).toContain('DNS:deskpc.local');
    // The session made over plain HTTP on this machine works over TLS on the LAN address.
    expect(await httpsStatus(`https://127.0.0.2:${port}/_api/v3/sharing`, admin.cookie)).toBe(200);
    expect(await reach(`http://127.0.0.1:${port}/_api/v3/healthcheck`)).toBe(200);
    const keyMode = fs.statSync(`${dataDir}/tls/key.pem`).mode & 0o777;
    expect(keyMode).toBe(0o600);
    await runner.close();

    const again = await startRunner(dataDir);
    expect((await presented('127.0.0.2', again.port)).fingerprint256).toBe(state.tlsFingerprint);
    const back = await signIn(again.runner.app, ADMIN.username, ADMIN.password);
    await back.put('/_api/v3/sharing/https', { mode: 'off' });
    await expect(presented('127.0.0.2', again.port)).rejects.toThrow();
  });

  it('survives a colleague whose connection resets before its first byte', async () => {
    const dataDir = makeDataDir();
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const { runner, port } = await startRunner(dataDir);
    const admin = await install(runner.app);
    await admin.put('/_api/v3/sharing', { shared: true, confirmed: true });
    await admin.put('/_api/v3/sharing/https', { mode: 'self-signed' });

    await new Promise<void>((resolve) => {
      const socket = net.connect({ host: '127.0.0.2', port }, () => socket.resetAndDestroy());
      socket.on('close', () => resolve());
      socket.on('error', () => undefined);
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await reach(`http://127.0.0.1:${port}/_api/v3/healthcheck`)).toBe(200);
  });

  it("takes the admin's own certificate and refuses one that does not fit, changing nothing", async () => {
    const dataDir = makeDataDir();
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const { runner, port } = await startRunner(dataDir);
    const admin = await install(runner.app);
    const own = await generate([{ name: 'commonName', value: 'wiki.example.lan' }], {
      keyType: 'ec',
      curve: 'P-256',
    });
    const other = await generate([{ name: 'commonName', value: 'other' }], { keyType: 'ec', curve: 'P-256' });

    const mismatched = await admin.put('/_api/v3/sharing/https', {
      mode: 'provided',
      cert: own.cert,
      key: other.private,
    });
    expect(mismatched.statusCode).toBe(400);
    expect(mismatched.json().errors[0].message).toContain('does not belong to the certificate');
    const garbage = await admin.put('/_api/v3/sharing/https', {
      mode: 'provided',
      cert: 'hello',
      key: own.private,
    });
    expect(garbage.json().errors[0].message).toContain('not a PEM certificate');
    expect((await admin.put('/_api/v3/sharing/https', { mode: 'provided' })).statusCode).toBe(400);
    expect((await admin.put('/_api/v3/sharing/https', { mode: 'sometimes' })).statusCode).toBe(400);
    expect(fs.existsSync(`${dataDir}/tls/cert.pem`)).toBe(false);

    const ok = await admin.put('/_api/v3/sharing/https', {
      mode: 'provided',
      cert: own.cert,
      key: own.private,
    });
    expect(ok.statusCode).toBe(200);
    const expected = new crypto.X509Certificate(own.cert).fingerprint256;
    expect(ok.json().sharing.tlsFingerprint).toBe(expected);
    expect((await presented('127.0.0.1', port)).fingerprint256).toBe(expected);
  });

  it("sends colleagues' plain HTTP requests to https, never this machine's", async () => {
    const dataDir = makeDataDir();
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const { runner } = await startRunner(dataDir);
    const admin = await install(runner.app);
    await admin.put('/_api/v3/sharing', { shared: true, confirmed: true });
    await admin.put('/_api/v3/sharing/https', { mode: 'self-signed' });
    const fromLan = await runner.app.inject({
      url: '/page?x=1',
      headers: { host: '192.168.1.20:3000' },
      remoteAddress: '192.168.1.50',
    });
    expect(fromLan.statusCode).toBe(308);
    expect(fromLan.headers.location).toBe('https://192.168.1.20:3000/page?x=1');
    const local = await runner.app.inject({ url: '/_api/v3/healthcheck', headers: { host: 'localhost' } });
    expect(local.statusCode).toBe(200);
  });

  it('says so when the stored certificate can no longer be used, and serves plain HTTP meanwhile', async () => {
    const dataDir = makeDataDir();
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const first = await startRunner(dataDir);
    const admin = await install(first.runner.app);
    await admin.put('/_api/v3/sharing/https', { mode: 'self-signed' });
    await first.runner.close();
    fs.writeFileSync(`${dataDir}/tls/key.pem`, 'not a key');

    const again = await startRunner(dataDir);
    const back = await signIn(again.runner.app, ADMIN.username, ADMIN.password);
    const state = (await back.get('/_api/v3/sharing')).json<{ sharing: SharingState }>().sharing;
    expect(state).toMatchObject({
      https: 'self-signed',
      tlsUnusable: true,
      tlsFingerprint: null,
      protocol: 'http',
    });
    expect(await reach(`http://127.0.0.1:${again.port}/_api/v3/healthcheck`)).toBe(200);
  });
});
