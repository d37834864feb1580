import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Agent, signInTeam, startTestServer, type TestServer } from '../helpers/server';
import { readZip } from '../helpers/archive';
import type { ExportStatus } from '../../src/shared/archive-types';
import type { Page } from '../../src/shared/api-types';

let server: TestServer;
let admin: Agent;
let bob: Agent;
beforeEach(async () => {
  server = await startTestServer();
  ({ admin, bob } = await signInTeam(server.app, ['bob']));
});
afterEach(async () => {
  await server.cleanup();
});

async function exportNow(collections: string[], targetVersion?: string): Promise<string> {
  const res = await admin.post('/_api/v3/export', {
    collections,
    ...(targetVersion ? { targetVersion } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toEqual({ ok: true });
  await server.app.ctx.archiveExport.whenIdle();
  const status = (await admin.get('/_api/v3/export/status')).json<{ status: ExportStatus }>().status;
  expect(status.isExporting).toBe(false);
  const newest = status.zipFileStats[0];
  if (!newest) throw new Error('no archive listed');
  return newest.fileName;
}

describe('archive export', () => {
  it('writes GROWI v7 documents with 24-hex ids and ISO dates, listed and downloadable', async () => {
    const page = (await bob.post('/_api/v3/page', { path: '/Notes', body: '# Notes\n\nhello' })).json<{
      page: Page;
    }>().page;
    const fileName = await exportNow(['pages', 'revisions', 'users', 'configs'], '7.3.0');
    expect(fileName).toMatch(/^Quire-\d{13}\.growi\.zip$/);

    const status = (await admin.get('/_api/v3/export/status')).json<{ status: ExportStatus }>().status;
    expect(status.zipFileStats[0]).toMatchObject({
      meta: { version: '7.3.0', quireArchiveVersion: 1, passwordSeed: null },
      innerFileStats: expect.arrayContaining([
        { fileName: 'pages.json', collectionName: 'pages', size: expect.any(Number) },
      ]),
    });

    const download = await admin.get(`/admin/export/${encodeURIComponent(fileName)}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    const entries = await readZip(download.rawPayload);
    expect([...entries.keys()].at(-1)).toBe('meta.json');
    const pages = JSON.parse(entries.get('pages.json') ?? '') as Record<string, unknown>[];
    const notes = pages.find((p) => p._id === page._id);
    expect(notes).toMatchObject({
      path: '/Notes',
      status: 'published',
      grant: 1,
      grantedUsers: [],
      grantedGroups: [],
      isEmpty: false,
      revision: page.revision._id,
      latestRevisionBodyLength: 14,
      __v: 0,
    });
    expect(notes?.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const revisions = JSON.parse(entries.get('revisions.json') ?? '') as Record<string, unknown>[];
    expect(revisions.find((r) => r._id === page.revision._id)).toMatchObject({
      pageId: page._id,
      body: '# Notes\n\nhello',
      format: 'markdown',
    });
    for (const doc of [...pages, ...revisions]) expect(doc._id).toMatch(/^[0-9a-f]{24}$/);
    // Secrets never leave in clear.
    server.app.ctx.settings.set('security:sessionSecret', 'very secret');
    const again = await readZip(
      (await admin.get(`/admin/export/${await exportNow(['configs'])}`)).rawPayload,
    );
    expect(again.get('configs.json')).not.toContain('very secret');
    expect(again.get('configs.json')).toContain('"value":"\\"***\\""');
  });

  it('deletes archives, refusing names outside the export folder', async () => {
    const fileName = await exportNow(['pages']);
    expect((await admin.delete('/_api/v3/export/..%2Fquire.db')).statusCode).toBe(404);
    expect((await admin.delete(`/_api/v3/export/${encodeURIComponent(fileName)}`)).json()).toEqual({
      ok: true,
    });
    const status = (await admin.get('/_api/v3/export/status')).json<{ status: ExportStatus }>().status;
    expect(status.zipFileStats).toEqual([]);
  });

  it('refuses empty and unknown collections with GROWI messages', async () => {
    const none = await admin.post('/_api/v3/export', { collections: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors[0].message).toBe('Select one or more collections.');
    const unknown = await admin.post('/_api/v3/export', { collections: ['sessions'] });
    expect(unknown.json().errors[0].message).toBe('Invalid collections');
  });

  it('is for administrators only: 401 for guests, 403 for users', async () => {
    const fileName = await exportNow(['pages']);
    const guest = new Agent(server.app);
    const calls: [Agent, 'GET' | 'POST' | 'DELETE', string, unknown?][] = [
      [guest, 'GET', '/_api/v3/mongo/collections'],
      [guest, 'GET', '/_api/v3/export/status'],
      [guest, 'POST', '/_api/v3/export', { collections: ['pages'] }],
      [guest, 'DELETE', `/_api/v3/export/${fileName}`],
      [guest, 'GET', `/admin/export/${fileName}`],
    ];
    for (const [, method, url, body] of calls) {
      expect((await guest.request(method, url, body)).statusCode, url).toBe(401);
      expect((await bob.request(method, url, body)).statusCode, url).toBe(403);
    }
    expect((await admin.get('/_api/v3/mongo/collections')).json().collections).toContain('pages');
  });
});
