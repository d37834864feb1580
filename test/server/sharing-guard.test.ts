// Safe by default: a request must name this machine in its Host header (DNS rebinding), and while the
// wiki is not shared it must come from this machine. The Sharing API is for administrators only.
import { PNG } from 'pngjs';
import jsQR from 'jsqr';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildServer, type QuireServer } from '../../src/server/app';
import { defaultConfig } from '../../src/server/config';
import { answerControlRequest } from '../../src/server/modules/sharing/control';
import type { SharingState } from '../../src/shared/sharing';
import { ADMIN, createUser, install, makeDataDir, signIn, Agent } from '../helpers/server';
import { FAKE_MACHINE, RecordingAnnouncer } from '../helpers/sharing';

let app: QuireServer;
let admin: Agent;

beforeEach(async () => {
  const config = defaultConfig({
    dataDir: makeDataDir(),
    logLevel: 'silent',
    logToFile: false,
    announce: true,
  });
  app = await buildServer(config, { machine: FAKE_MACHINE, announcer: new RecordingAnnouncer() });
  admin = await install(app);
});
afterEach(() => app.close());

const health = (headers: Record<string, string>, remoteAddress = '127.0.0.1') =>
  app.inject({ method: 'GET', url: '/_api/v3/healthcheck', headers, remoteAddress });

describe('the Host-header guard', () => {
  it("serves loopback names, this machine's addresses and names, and the site URL's host", async () => {
    const allowed = [
      'localhost:3000',
      '127.0.0.1:3000',
      '[::1]:3000',
      '192.168.1.20:3000',
      '[2001:db8::20]:3000',
      'deskpc.local:3000',
      'DeskPC:3000',
    ];
    for (const host of allowed) expect((await health({ host })).statusCode, host).toBe(200);

    expect((await health({ host: 'wiki.example.org' })).statusCode).toBe(421);
    const bad = await admin.put('/_api/v3/app-settings/site-url-setting', { siteUrl: 'ftp://wiki' });
    expect(bad.statusCode).toBe(400);
    const set = await admin.put('/_api/v3/app-settings/site-url-setting', {
      siteUrl: 'https://wiki.example.org/',
    });
    expect(set.json()).toEqual({ siteUrlSettingParams: { siteUrl: 'https://wiki.example.org' } });
    expect((await health({ host: 'wiki.example.org' })).statusCode).toBe(200);
  });

  it('refuses any other name with a translated message, before a session is made', async () => {
    const res = await health({ host: 'attacker.example:3000', 'accept-language': 'ja' });
    expect(res.statusCode).toBe(421);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.json().errors[0]).toMatchObject({ code: 'host_not_allowed' });
    expect(res.json().errors[0].message).toContain('attacker.example:3000');
    expect(res.json().errors[0].message).toContain('コンピューター');
    expect((await health({ host: '192.168.1.99' })).statusCode).toBe(421);
  });

  it('serves only this machine while not shared, colleagues once shared', async () => {
    const fromLan = await health({ host: '192.168.1.20:3000' }, '192.168.1.50');
    expect(fromLan.statusCode).toBe(403);
    expect(fromLan.json().errors[0].code).toBe('not_shared');
    // Without a runner there are no sockets to move: the switch is stored and the rules follow it.
    const res = await admin.put('/_api/v3/sharing', { shared: true, confirmed: true });
    expect(res.statusCode).toBe(200);
    expect((await health({ host: '192.168.1.20:3000' }, '192.168.1.50')).statusCode).toBe(200);
  });
});

describe('the Sharing API', () => {
  it('is for administrators: guests 401, other users 403', async () => {
    await createUser(app, 'bob');
    const bob = await signIn(app, 'bob');
    const guest = new Agent(app);
    for (const [agent, status] of [
      [guest, 401],
      [bob, 403],
      [admin, 200],
    ] as const) {
      expect((await agent.get('/_api/v3/sharing')).statusCode).toBe(status);
      expect((await agent.get('/_api/v3/sharing/qr.svg')).statusCode).toBe(status);
      const put = await agent.put('/_api/v3/sharing', { shared: false });
      expect(put.statusCode).toBe(status);
      expect((await agent.put('/_api/v3/sharing/https', { mode: 'off' })).statusCode).toBe(status);
      const siteUrl = await agent.put('/_api/v3/app-settings/site-url-setting', { siteUrl: '' });
      expect(siteUrl.statusCode).toBe(status);
    }
    expect(app.ctx.settings.get('app:shareOnLan')).toBe(false);
  });

  it('asks for confirmation before sharing and validates the body', async () => {
    const unconfirmed = await admin.put('/_api/v3/sharing', { shared: true });
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json().errors[0].message).toContain('everyone on this network');
    expect((await admin.put('/_api/v3/sharing', { shared: 'yes' })).statusCode).toBe(400);
    expect((await admin.put('/_api/v3/sharing', {})).statusCode).toBe(400);
    expect(app.ctx.settings.get('app:shareOnLan')).toBe(false);
  });

  it('lists the addresses colleagues can use, LAN IPv4 first, and who is here', async () => {
    await admin.put('/_api/v3/sharing', { shared: true, confirmed: true });
    const { sharing } = (await admin.get('/_api/v3/sharing')).json<{ sharing: SharingState }>();
    expect(sharing.preferredUrl).toBe('http://192.168.1.20:3000');
    expect(sharing.addresses.map((a) => a.url)).toEqual([
      'http://192.168.1.20:3000',
      'http://[2001:db8::20]:3000',
      'http://quire-deskpc.local:3000',
      'http://deskpc.local:3000',
    ]);
    expect(sharing).toMatchObject({ browsers: 0, users: [] });
    // The installer signed the administrator in.
    expect(sharing.recentSignIns.map((s) => s.username)).toEqual(['admin']);
    await signIn(app, ADMIN.username, ADMIN.password);
    const after = (await admin.get('/_api/v3/sharing')).json<{ sharing: SharingState }>().sharing;
    expect(after.recentSignIns).toEqual([
      { username: 'admin', name: expect.any(String), at: expect.any(String) },
    ]);
    expect(after.recentSignIns[0]!.at > sharing.recentSignIns[0]!.at).toBe(true);
    const svg = await admin.get('/_api/v3/sharing/qr.svg');
    expect(svg.headers['content-type']).toBe('image/svg+xml');
    expect(svg.body).toContain('<svg');
  });
});

describe('links handed to others', () => {
  it("use the site URL, or the shared wiki's address when asked from this machine", async () => {
    const config = async (remoteAddress: string) =>
      (await app.inject({ url: '/_api/v3/app-config', remoteAddress })).json().publicOrigin;
    expect(await config('127.0.0.1')).toBe(''); // Not shared: the browser's own origin will do.
    await admin.put('/_api/v3/sharing', { shared: true, confirmed: true });
    expect(await config('127.0.0.1')).toBe('http://192.168.1.20:3000');
    expect(await config('192.168.1.50')).toBe(''); // A colleague already uses a LAN address.
    await admin.put('/_api/v3/app-settings/site-url-setting', { siteUrl: 'http://wiki.example.lan' });
    expect(await config('192.168.1.50')).toBe('http://wiki.example.lan');
  });
});

describe("the desktop's control channel", () => {
  it('reports, switches and draws a QR code that decodes to the preferred address', async () => {
    const got = await answerControlRequest(app, { type: 'sharing:get', id: 1 });
    expect(got).toMatchObject({ type: 'sharing:reply', id: 1, ok: true, state: { shared: false } });
    const changes: SharingState[] = [];
    app.ctx.events.on('sharing:changed', (state) => changes.push(state));
    const set = await answerControlRequest(app, { type: 'sharing:set', id: 2, shared: true });
    expect(set).toMatchObject({ id: 2, ok: true, state: { shared: true } });
    expect(changes.map((c) => c.shared)).toEqual([true]);

    const qr = await answerControlRequest(app, { type: 'sharing:qr', id: 3 });
    if (!qr.ok || !qr.qrDataUrl) throw new Error('no QR code');
    const png = PNG.sync.read(Buffer.from(qr.qrDataUrl.replace(/^data:image\/png;base64,/, ''), 'base64'));
    const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(decoded?.data).toBe('http://192.168.1.20:3000');
  });

  it("answers errors in the desktop's language, also without a running app", async () => {
    expect(await answerControlRequest(undefined, { type: 'sharing:get', id: 4 })).toMatchObject({
      ok: false,
      error: 'The wiki server is restarting: try again in a moment.',
    });
    const restarting = await answerControlRequest(undefined, { type: 'sharing:get', id: 5, lang: 'ja_JP' });
    expect(restarting).toMatchObject({ ok: false, error: expect.stringContaining('再起動') });
  });
});
