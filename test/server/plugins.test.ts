// Admin-installed plugins: install from a zip or a server folder with every entry checked, the
// manifest validated, list / enable / disable / remove, the loading switch, and the web app's
// routes (templates, the active theme and its stylesheet). Admin routes: 401 guests, 403 users.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Agent, createUser, install, signIn, startTestServer, type TestServer } from '../helpers/server';
import { multipartBody } from '../helpers/multipart';
import { folderEntries, zipOf, type ZipEntry } from '../helpers/zip';
import { zipAddressOf } from '../../src/server/modules/plugins/download';
import type { ActivePluginsResponse, InstalledPlugin, PluginsResponse } from '../../src/shared/plugin-types';

const EXAMPLES = path.resolve(import.meta.dirname, '../../examples/plugins');

let server: TestServer;
let admin: Agent;
beforeEach(async () => {
  server = await startTestServer();
  admin = await install(server.app);
});
afterEach(async () => {
  await server.cleanup();
});

async function uploadZip(agent: Agent, bytes: Buffer, name = 'plugin.zip') {
  const { body, contentType } = await multipartBody(
    {},
    { name, type: 'application/zip', bytes: new Uint8Array(bytes) },
  );
  return agent.post('/_api/v3/plugins/zip', body, { 'content-type': contentType });
}
const installSample = async (name: string, prefix = '') => {
  const res = await uploadZip(
    admin,
    await zipOf(folderEntries(path.join(EXAMPLES, name), prefix)),
    `${name}.zip`,
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ plugin: InstalledPlugin }>().plugin;
};
const list = async () => (await admin.get('/_api/v3/plugins')).json<PluginsResponse>();
const active = async (agent: Agent) =>
  (await agent.get('/_api/v3/plugins/active')).json<ActivePluginsResponse>();
const pluginDirs = () => fs.readdirSync(path.join(server.dataDir, 'plugins'));

describe('installing plugins', () => {
  it('installs the sample template plugin from a zip and offers its templates', async () => {
    const plugin = await installSample('meeting-notes-template');
    expect(plugin).toMatchObject({
      name: 'meeting-notes-template',
      version: '1.0.0',
      kind: 'template',
      source: 'zip:meeting-notes-template.zip',
      isEnabled: true,
      templates: [
        { id: 'meeting-notes', title: 'Meeting notes' },
        { id: 'weekly-report', title: 'Weekly report' },
      ],
    });
    expect((await list()).plugins).toHaveLength(1);
    const guest = new Agent(server.app);
    expect((await active(guest)).templates.map((t) => t.id)).toEqual(['meeting-notes', 'weekly-report']);
    const body = await guest.get(`/_api/v3/plugins/${plugin._id}/templates/meeting-notes`);
    expect(body.json().markdown).toContain('# Meeting notes');
    expect(pluginDirs()).toEqual([plugin._id]); // no staging left behind
  });

  it('accepts a zip of the folder itself, and a reinstall updates the plugin in place', async () => {
    const first = await installSample('sepia-theme', 'sepia-theme/');
    const manifest = JSON.parse(
      fs.readFileSync(path.join(EXAMPLES, 'sepia-theme/quire-plugin.json'), 'utf8'),
    );
    await admin.put(`/_api/v3/plugins/${first._id}/deactivate`);
    const updated = await uploadZip(
      admin,
      await zipOf([
        { name: 'quire-plugin.json', data: JSON.stringify({ ...manifest, version: '1.1.0' }) },
        { name: 'sepia.css', data: 'body { color: black; }' },
      ]),
    );
    expect(updated.json().plugin).toMatchObject({ _id: first._id, version: '1.1.0', isEnabled: false });
    expect((await list()).plugins).toHaveLength(1);
  });

  it('installs from a folder on the server', async () => {
    const res = await admin.post('/_api/v3/plugins/folder', {
      folderPath: path.join(EXAMPLES, 'sepia-theme'),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().plugin).toMatchObject({ kind: 'theme', themes: [{ id: 'sepia', title: 'Sepia' }] });
    for (const folderPath of ['relative/dir', '/no/such/folder'])
      expect((await admin.post('/_api/v3/plugins/folder', { folderPath })).json().errors[0].code).toBe(
        'not_a_folder',
      );
  });

  it('refuses hostile archives and bad manifests, leaving nothing behind', async () => {
    const manifest = {
      name: 'x',
      version: '1.0.0',
      kind: 'template',
      templates: [{ id: 't', title: 'T', file: 't.md' }],
    };
    const good: ZipEntry[] = [
      { name: 'quire-plugin.json', data: JSON.stringify(manifest) },
      { name: 't.md', data: '# t' },
    ];
    const cases: [Buffer, string][] = [
      [await zipOf([...good, { name: 'zz/evil.md', data: 'x' }], [['zz/evil', '../evil']]), 'bad_entry'],
      [await zipOf([...good, { name: 'zzzzevil.md', data: 'x' }], [['zzzzevil', '/tmp/evl']]), 'bad_entry'],
      [await zipOf([...good, { name: 'link', data: '/etc/passwd', mode: 0o120777 }]), 'symlink'],
      [await zipOf([...good, { name: 'big.bin', data: Buffer.alloc(3 * 1024 * 1024) }]), 'too_large'],
      [await zipOf(Array.from({ length: 201 }, (_, i) => ({ name: `f${i}`, data: 'x' }))), 'too_many_files'],
      [Buffer.from('not a zip at all'), 'not_a_zip'],
      [await zipOf([{ name: 't.md', data: '# t' }]), 'invalid_manifest'],
      [await zipOf([{ name: 'quire-plugin.json', data: '{nope' }]), 'invalid_manifest'],
      [
        await zipOf([{ name: 'quire-plugin.json', data: JSON.stringify({ ...manifest, kind: 'script' }) }]),
        'invalid_manifest',
      ],
      [
        await zipOf([{ name: 'quire-plugin.json', data: JSON.stringify({ ...manifest, name: '../x' }) }]),
        'invalid_manifest',
      ],
      [await zipOf([{ name: 'quire-plugin.json', data: JSON.stringify(manifest) }]), 'invalid_manifest'], // t.md missing
      [
        await zipOf([
          {
            name: 'quire-plugin.json',
            data: JSON.stringify({
              name: 'y',
              version: '1.0.0',
              kind: 'theme',
              themes: [{ id: 'y', title: 'Y', tokens: { '--bg': 'url(https://evil.example/x)' } }],
            }),
          },
        ]),
        'invalid_manifest',
      ],
    ];
    for (const [bytes, code] of cases) {
      const res = await uploadZip(admin, bytes);
      expect(res.statusCode, code).toBe(400);
      expect(res.json().errors[0].code, res.body).toBe(code);
    }
    expect((await list()).plugins).toEqual([]);
    expect(pluginDirs()).toEqual([]);
    expect(fs.existsSync(path.join(server.dataDir, 'evil.md'))).toBe(false);
    expect(fs.existsSync('/tmp/evl.md')).toBe(false);
  });
});

describe('managing plugins', () => {
  it('disables, enables and removes; the loading switch hides everything', async () => {
    const plugin = await installSample('meeting-notes-template');
    const guest = new Agent(server.app);
    expect((await admin.put(`/_api/v3/plugins/${plugin._id}/deactivate`)).json().plugin.isEnabled).toBe(
      false,
    );
    expect((await active(guest)).templates).toEqual([]);
    expect((await guest.get(`/_api/v3/plugins/${plugin._id}/templates/meeting-notes`)).statusCode).toBe(404);
    await admin.put(`/_api/v3/plugins/${plugin._id}/activate`);
    expect((await active(guest)).templates).toHaveLength(2);
    expect(
      (await admin.put('/_api/v3/plugins/settings', { isEnabledPlugins: false })).json().isEnabledPlugins,
    ).toBe(false);
    expect((await active(guest)).templates).toEqual([]);
    await admin.put('/_api/v3/plugins/settings', { isEnabledPlugins: true });
    expect((await admin.delete(`/_api/v3/plugins/${plugin._id}/remove`)).statusCode).toBe(200);
    expect((await list()).plugins).toEqual([]);
    expect(pluginDirs()).toEqual([]);
    expect((await admin.delete(`/_api/v3/plugins/${plugin._id}/remove`)).statusCode).toBe(404);
  });

  it('applies a theme: tokens and its stylesheet, served as text/css', async () => {
    const plugin = await installSample('sepia-theme');
    const guest = new Agent(server.app);
    expect((await active(guest)).theme).toBeNull();
    expect(
      (await admin.put('/_api/v3/plugins/settings', { activeTheme: `${plugin._id}/nope` })).statusCode,
    ).toBe(404);
    expect(
      (await admin.put('/_api/v3/plugins/settings', { activeTheme: `${plugin._id}/sepia` })).statusCode,
    ).toBe(200);
    const theme = (await active(guest)).theme;
    expect(theme).toMatchObject({ id: 'sepia', cssUrl: `/plugins/${plugin._id}/files/sepia.css` });
    expect(theme?.tokens['--bg']).toBe('#f4ecd8');
    const css = await guest.get(theme?.cssUrl ?? '');
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(css.headers['x-content-type-options']).toBe('nosniff');
    expect(css.body).toContain('Georgia');
    // Only the stylesheets the manifest names are served.
    expect((await guest.get(`/plugins/${plugin._id}/files/quire-plugin.json`)).statusCode).toBe(404);
    expect((await guest.get(`/plugins/${plugin._id}/files/..%2F..%2Fquire.db`)).statusCode).toBe(404);
    await admin.delete(`/_api/v3/plugins/${plugin._id}/remove`);
    expect((await list()).activeTheme).toBe('');
  });
});

describe('renderer extensions (plugins that run script)', () => {
  const sample = async () => zipOf(folderEntries(path.join(EXAMPLES, 'emoji-shortcodes')));
  const uploadWithConsent = async (bytes: Buffer, allowScript: string) => {
    const { body, contentType } = await multipartBody(
      { allowScript },
      { name: 'emoji.zip', type: 'application/zip', bytes: new Uint8Array(bytes) },
    );
    return admin.post('/_api/v3/plugins/zip', body, { 'content-type': contentType });
  };

  it("are refused without the admin's consent to their script, keeping nothing", async () => {
    for (const res of [
      await uploadZip(admin, await sample()),
      await uploadWithConsent(await sample(), 'false'),
    ]) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors[0].code).toBe('script_consent_required');
    }
    const folder = await admin.post('/_api/v3/plugins/folder', {
      folderPath: path.join(EXAMPLES, 'emoji-shortcodes'),
    });
    expect(folder.statusCode).toBe(400);
    expect((await list()).plugins).toEqual([]);
    expect(pluginDirs()).toEqual([]);
  });

  it('install with consent, are listed as running script, and their module is served to readers', async () => {
    const res = await uploadWithConsent(await sample(), 'true');
    expect(res.statusCode, res.body).toBe(201);
    const plugin = res.json<{ plugin: InstalledPlugin }>().plugin;
    expect(plugin).toMatchObject({ name: 'emoji-shortcodes', kind: 'renderer', runsScript: true });
    const guest = new Agent(server.app);
    const [renderer] = (await active(guest)).renderers;
    expect(renderer).toEqual({
      pluginId: plugin._id,
      name: 'emoji-shortcodes',
      scriptUrl: `/plugins/${plugin._id}/files/index.js`,
    });
    const script = await guest.get(renderer?.scriptUrl ?? '');
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    expect(script.body).toContain('remarkEmojiShortcodes');
    // Only the module the manifest names; nothing while the plugin is disabled.
    expect((await guest.get(`/plugins/${plugin._id}/files/quire-plugin.json`)).statusCode).toBe(404);
    await admin.put(`/_api/v3/plugins/${plugin._id}/deactivate`);
    expect((await active(guest)).renderers).toEqual([]);
    expect((await guest.get(renderer?.scriptUrl ?? '')).statusCode).toBe(404);
  });

  it('need a .js or .mjs module named in the manifest', async () => {
    const manifest = { name: 'r', version: '1.0.0', kind: 'renderer', script: 'index.ts' };
    const bad = await zipOf([
      { name: 'quire-plugin.json', data: JSON.stringify(manifest) },
      { name: 'index.ts', data: 'export default {}' },
    ]);
    expect((await uploadWithConsent(bad, 'true')).json().errors[0].code).toBe('invalid_manifest');
    const missing = await zipOf([
      { name: 'quire-plugin.json', data: JSON.stringify({ ...manifest, script: 'a.js' }) },
    ]);
    expect((await uploadWithConsent(missing, 'true')).json().errors[0].code).toBe('invalid_manifest');
  });
});

describe('installing from an address', () => {
  it('downloads a zip over http(s) on this machine, turns GitHub repositories into their zip, and says why it failed', async () => {
    const zip = await zipOf(folderEntries(path.join(EXAMPLES, 'sepia-theme'), 'sepia-theme-main/'));
    const served = http.createServer((req, res) => {
      if (req.url === '/sepia.zip') return res.end(zip);
      if (req.url === '/huge.zip') {
        res.write(Buffer.alloc(6 * 1024 * 1024));
        return res.end(Buffer.alloc(6 * 1024 * 1024));
      }
      res.statusCode = 404;
      res.end();
    });
    await new Promise<void>((resolve) => served.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(served.address() as AddressInfo).port}`;
    try {
      const res = await admin.post('/_api/v3/plugins/url', { url: `${base}/sepia.zip` });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json<{ plugin: InstalledPlugin }>().plugin).toMatchObject({
        name: 'sepia-theme',
        source: `url:${base}/sepia.zip`,
      });
      const missing = await admin.post('/_api/v3/plugins/url', { url: `${base}/nope.zip` });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().errors[0]).toMatchObject({ code: 'download_failed' });
      expect(missing.json().errors[0].message).toContain('HTTP 404');
      const huge = await admin.post('/_api/v3/plugins/url', { url: `${base}/huge.zip` });
      expect(huge.json().errors[0].code).toBe('too_large');
      for (const url of ['ftp://example.com/a.zip', 'not an address', 'http://user:pw@127.0.0.1/a.zip']) {
        const bad = await admin.post('/_api/v3/plugins/url', { url });
        expect(bad.json().errors[0].code, url).toBe('invalid_url');
      }
      expect((await list()).plugins.map((p) => p.name)).toEqual(['sepia-theme']);
      // GROWI's installer form answers the plugin's name; activate and remove do too.
      const removed = await admin.delete(`/_api/v3/plugins/${res.json().plugin._id}/remove`);
      expect(removed.json()).toMatchObject({ pluginName: 'sepia-theme' });
      const growi = await admin.post('/_api/v3/plugins', {
        pluginInstallerForm: { url: `${base}/sepia.zip` },
      });
      expect(growi.statusCode, growi.body).toBe(201);
      expect(growi.json()).toMatchObject({ pluginName: 'sepia-theme' });
      const activated = await admin.put(`/_api/v3/plugins/${growi.json().plugin._id}/activate`);
      expect(activated.json()).toMatchObject({ pluginName: 'sepia-theme' });
      expect(
        (await admin.post('/_api/v3/plugins', { pluginInstallerForm: { url: 'nope' } })).statusCode,
      ).toBe(400);
    } finally {
      served.close();
    }
    expect(zipAddressOf('https://github.com/acme/quire-plugin')).toBe(
      'https://github.com/acme/quire-plugin/archive/refs/heads/main.zip',
    );
    expect(zipAddressOf('https://github.com/acme/quire-plugin.git/tree/v2')).toBe(
      'https://github.com/acme/quire-plugin/archive/refs/heads/v2.zip',
    );
    expect(zipAddressOf('https://github.com/acme/quire-plugin', { branch: 'dev', tag: 'v1.2.0' })).toBe(
      'https://github.com/acme/quire-plugin/archive/refs/tags/v1.2.0.zip',
    );
    expect(zipAddressOf('https://github.com/acme/quire-plugin', { branch: 'dev' })).toBe(
      'https://github.com/acme/quire-plugin/archive/refs/heads/dev.zip',
    );
  });
});

describe('plugin permissions', () => {
  it('answers 401 to guests and 403 to users on every admin route', async () => {
    const plugin = await installSample('sepia-theme');
    await createUser(server.app, 'bob');
    const bob = await signIn(server.app, 'bob');
    const guest = new Agent(server.app);
    const zip = await zipOf(folderEntries(path.join(EXAMPLES, 'sepia-theme')));
    for (const [agent, status] of [
      [guest, 401],
      [bob, 403],
    ] as const) {
      expect((await agent.get('/_api/v3/plugins')).statusCode).toBe(status);
      expect((await uploadZip(agent, zip)).statusCode).toBe(status);
      expect((await agent.post('/_api/v3/plugins/folder', { folderPath: EXAMPLES })).statusCode).toBe(status);
      expect((await agent.post('/_api/v3/plugins/url', { url: 'http://127.0.0.1:9/a.zip' })).statusCode).toBe(
        status,
      );
      const growiForm = { pluginInstallerForm: { url: 'http://127.0.0.1:9/a.zip' } };
      expect((await agent.post('/_api/v3/plugins', growiForm)).statusCode).toBe(status);
      expect((await agent.put(`/_api/v3/plugins/${plugin._id}/deactivate`)).statusCode).toBe(status);
      expect((await agent.put(`/_api/v3/plugins/${plugin._id}/activate`)).statusCode).toBe(status);
      expect((await agent.put('/_api/v3/plugins/settings', { isEnabledPlugins: false })).statusCode).toBe(
        status,
      );
      expect((await agent.delete(`/_api/v3/plugins/${plugin._id}/remove`)).statusCode).toBe(status);
    }
    expect((await list()).plugins).toHaveLength(1);
    expect((await list()).isEnabledPlugins).toBe(true);
  });
});
