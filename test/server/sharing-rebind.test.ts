// Share on LAN moves the listening sockets, not the app: people stay signed in, open sockets and
// co-editing drafts live on, and the choice is remembered. "Shared" here is 127.0.0.2, so nothing
// leaves this machine.
import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { buildServer } from '../../src/server/app';
import { defaultConfig, type ServerConfig } from '../../src/server/config';
import { ServerRunner } from '../../src/server/runner';
import type { SharingState } from '../../src/shared/sharing';
import { CoeditClient } from '../helpers/coedit-client';
import { createPage } from '../helpers/coedit-server';
import { install, makeDataDir, signIn, ADMIN, type Agent } from '../helpers/server';
import { FAKE_MACHINE, reach, RecordingAnnouncer } from '../helpers/sharing';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function config(dataDir: string, overrides: Partial<ServerConfig> = {}): ServerConfig {
  return defaultConfig({
    dataDir,
    port: 0,
    host: '127.0.0.1',
    shareHosts: ['127.0.0.2'],
    logLevel: 'silent',
    logToFile: false,
    ...overrides,
  });
}

async function startRunner(
  dataDir: string,
  overrides: Partial<ServerConfig> = {},
  announcer = new RecordingAnnouncer(),
) {
  const runner = new ServerRunner(config(dataDir, overrides), undefined, undefined, buildServer, {
    announcer,
    machine: FAKE_MACHINE,
  });
  const port = await runner.start();
  cleanups.push(() => runner.close());
  return { runner, port, announcer };
}

async function share(admin: Agent, shared: boolean): Promise<SharingState> {
  const res = await admin.put('/_api/v3/sharing', { shared, confirmed: true });
  expect(res.statusCode).toBe(200);
  return res.json<{ sharing: SharingState }>().sharing;
}

describe('Share on LAN', () => {
  it('listens on loopback only until shared, then moves without losing sessions, sockets or drafts', async () => {
    const dataDir = makeDataDir();
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const { runner, port } = await startRunner(dataDir);
    const local = `http://127.0.0.1:${port}`;
    const lan = `http://127.0.0.2:${port}`;
    expect(await reach(`${local}/_api/v3/healthcheck`)).toBe(200);
    expect(await reach(`${lan}/_api/v3/healthcheck`)).toBe('refused');

    const admin = await install(runner.app);
    const page = await createPage(admin, '/team/plans', 'Saved.');
    const editor = await CoeditClient.connect(local, page._id, { cookie: admin.cookie });
    cleanups.push(() => editor.close());
    editor.type(editor.text.length, ' Draft before.');

    const state = await share(admin, true);
    expect(state).toMatchObject({ shared: true, fixed: false, port });
    expect(await reach(`${lan}/_api/v3/sharing`, { cookie: admin.cookie })).toBe(200);

    // The editor's socket outlived the move: it keeps typing, and a colleague on the LAN sees it all.
    expect(editor.closeCode).toBeNull();
    editor.type(editor.text.length, ' Draft after.');
    const colleague = await CoeditClient.connect(lan, page._id, { cookie: admin.cookie });
    cleanups.push(() => colleague.close());
    await colleague.until(
      () => colleague.text.toString() === 'Saved. Draft before. Draft after.',
      'the draft',
    );

    await share(admin, false);
    expect(await reach(`${lan}/_api/v3/healthcheck`)).toBe('refused');
    expect(await reach(`${local}/_api/v3/healthcheck`)).toBe(200);
  });

  it('remembers the choice across restarts', async () => {
    const dataDir = makeDataDir();
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const first = await startRunner(dataDir);
    await share(await install(first.runner.app), true);
    await first.runner.close();

    const again = await startRunner(dataDir);
    expect(await reach(`http://127.0.0.2:${again.port}/_api/v3/healthcheck`)).toBe(200);
    const admin = await signIn(again.runner.app, ADMIN.username, ADMIN.password);
    const res = await admin.get('/_api/v3/sharing');
    expect(res.json<{ sharing: SharingState }>().sharing.shared).toBe(true);
  });

  it('announces over mDNS only when asked for, withdraws when sharing stops, and keeps a won name', async () => {
    const dataDir = makeDataDir();
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const announcer = new RecordingAnnouncer();
    announcer.conflictWith = 'quire-deskpc';
    const { runner, port } = await startRunner(dataDir, { announce: true }, announcer);
    const admin = await install(runner.app);
    expect(announcer.calls).toEqual([]); // Not shared: nothing announced.

    const state = await share(admin, true);
    expect(announcer.current).toEqual({
      name: 'Quire on DeskPC (2)',
      hostname: 'quire-deskpc-2',
      port,
      txt: { path: '/', product: 'Quire', version: expect.any(String) },
    });
    expect(state).toMatchObject({ discovery: 'announcing', localName: 'quire-deskpc-2.local' });
    // The announced name is one of this machine's names for the Host-header guard.
    const viaName = await admin.get('/_api/v3/healthcheck', { host: `quire-deskpc-2.local:${port}` });
    expect(viaName.statusCode).toBe(200);

    await share(admin, false);
    expect(announcer.calls.at(-1)).toBe('withdraw');
    await share(admin, true);
    // The name won after the conflict is kept, so `<name>.local` stays stable.
    expect(announcer.calls.at(-1)).toBe('announce quire-deskpc-2');
    await runner.close();
    expect(announcer.calls.at(-1)).toBe('shutdown');
  });

  it('never announces with QUIRE_DISCOVERY=off, or when --host alone opened it', async () => {
    const dataDir = makeDataDir();
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const off = await startRunner(dataDir, { announce: true, discoveryOff: true });
    const admin = await install(off.runner.app);
    expect((await share(admin, true)).discovery).toBe('off');
    expect(off.announcer.calls.filter((c) => c.startsWith('announce'))).toEqual([]);
    await off.runner.close();

    const fixed = await startRunner(dataDir, { host: '127.0.0.2', hostIsExplicit: true });
    const again = await signIn(fixed.runner.app, ADMIN.username, ADMIN.password);
    const state = (await again.get('/_api/v3/sharing')).json<{ sharing: SharingState }>().sharing;
    expect(state).toMatchObject({ shared: true, fixed: true, discovery: 'not-requested' });
    expect(fixed.announcer.calls).toEqual([]);
    // The command line decides: the switch says so and changes nothing.
    const refused = await again.put('/_api/v3/sharing', { shared: false, confirmed: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors[0].message).toContain('--host');
    expect(await reach(`http://127.0.0.2:${fixed.port}/_api/v3/healthcheck`)).toBe(200);
  });

  it('reports a port it cannot take on the LAN and stays as it was', async () => {
    const dataDir = makeDataDir();
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const { runner, port } = await startRunner(dataDir);
    const admin = await install(runner.app);
    // Someone else holds the port on the shared address.
    const net = await import('node:net');
    const squatter = net.createServer();
    await new Promise<void>((resolve) => squatter.listen(port, '127.0.0.2', resolve));
    cleanups.push(() => new Promise<void>((resolve) => squatter.close(() => resolve())));

    const res = await admin.put('/_api/v3/sharing', { shared: true, confirmed: true });
    expect(res.statusCode).toBe(500);
    expect(res.json().errors[0]).toMatchObject({ code: 'sharing_bind_failed' });
    expect(res.json().errors[0].message).toContain(String(port));
    expect(await reach(`http://127.0.0.1:${port}/_api/v3/healthcheck`)).toBe(200);
    expect((await admin.get('/_api/v3/sharing')).json().sharing.shared).toBe(false);
  });
});
