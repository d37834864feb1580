// Hostile and broken archives: each refused with a clear message, each changing nothing.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createUser,
  signIn,
  signInTeam,
  startTestServer,
  type Agent,
  type TestServer,
} from '../helpers/server';
import { growiZip, makeZip } from '../helpers/archive';
import { defaultOptions, exportZip, importZip, uploadZip } from '../helpers/archive-flow';
import type { Page } from '../../src/shared/api-types';
import type { ZipFileStat } from '../../src/shared/archive-types';

let server: TestServer;
let admin: Agent;
let sentinel: Page;

const META = {
  version: '7.3.0',
  url: null,
  passwordSeed: null,
  exportedAt: '2024-12-11T12:18:33.152Z',
  envVars: {},
};
const ID = (n: number) => n.toString(16).padStart(24, '0');
const page = (n: number, extra: object = {}) => ({
  _id: ID(n),
  path: `/imported/${n}`,
  revision: ID(1000 + n),
  status: 'published',
  grant: 1,
  createdAt: '2024-08-06T09:12:34.567Z',
  updatedAt: '2024-08-06T09:12:34.567Z',
  ...extra,
});
const revision = (n: number) => ({
  _id: ID(1000 + n),
  pageId: ID(n),
  body: `body ${n}`,
  createdAt: '2024-08-06T09:12:34.567Z',
});

async function boot(overrides = {}) {
  server = await startTestServer(overrides);
  ({ admin } = await signInTeam(server.app, []));
  const res = await admin.post('/_api/v3/page', { path: '/Sentinel', body: 'must survive' });
  sentinel = res.json<{ page: Page }>().page;
}
beforeEach(async () => {
  await boot();
});
afterEach(async () => {
  await server.cleanup();
});

function pageCount(): number {
  return (server.app.ctx.db.$client.prepare('SELECT count(*) AS n FROM pages').get() as { n: number }).n;
}

/** Nothing changed: same pages, the sentinel intact, no upload kept, nothing beside the data folder. */
async function expectUnchanged(pagesBefore: number) {
  expect(pageCount()).toBe(pagesBefore);
  const body = (await admin.get(`/_api/v3/page?pageId=${sentinel._id}`)).json().page.revision.body;
  expect(body).toBe('must survive');
  const parent = path.dirname(server.dataDir);
  expect(fs.existsSync(path.join(parent, 'evil.json'))).toBe(false);
  expect(fs.existsSync(path.join(server.dataDir, 'archives', 'evil.json'))).toBe(false);
  expect(fs.readdirSync(path.join(server.dataDir, 'archives', 'work'))).toEqual([]);
}

async function expectUploadRefused(bytes: Buffer, message: string | RegExp, name = 'bad.growi.zip') {
  const before = pageCount();
  const res = await uploadZip(admin, bytes, name);
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().errors[0].message).toMatch(message);
  expect(fs.readdirSync(path.join(server.dataDir, 'archives', 'imports'))).toEqual([]);
  await expectUnchanged(before);
}

/** Same-length renames inside the zip bytes: yazl refuses to write these names itself. */
function rename(zip: Buffer, from: string, to: string): Buffer {
  expect(from.length).toBe(to.length);
  const out = Buffer.from(zip);
  let at = out.indexOf(from);
  while (at !== -1) {
    out.write(to, at);
    at = out.indexOf(from, at + 1);
  }
  return out;
}

describe('hostile archives are refused at upload', () => {
  it('zip bombs: a tiny entry that inflates a thousandfold', async () => {
    const bomb = await makeZip([
      { name: 'pages.json', data: Buffer.alloc(20 * 1024 * 1024, 0x20) },
      { name: 'meta.json', data: JSON.stringify(META) },
    ]);
    await expectUploadRefused(
      bomb,
      'The archive is compressed suspiciously well and was refused: pages.json',
    );
  });

  it('entries escaping the folder: ../, absolute paths, symlinks, folders', async () => {
    const meta = { name: 'meta.json', data: JSON.stringify(META) };
    const dotdot = rename(
      await makeZip([{ name: 'aa/evil.json', data: '[]' }, meta]),
      'aa/evil.json',
      '../evil.json',
    );
    await expectUploadRefused(dotdot, /not allowed/);
    const absolute = rename(
      await makeZip([{ name: 'a/tmp/evil.json', data: '[]' }, meta]),
      'a/tmp/evil.json',
      '//tmp/evil.json',
    );
    await expectUploadRefused(absolute, /not allowed/);
    const symlink = await makeZip([{ name: 'pages.json', data: '/etc/passwd', mode: 0o120777 }, meta]);
    await expectUploadRefused(
      symlink,
      'The archive contains an entry that is not allowed: pages.json (folders, "../", absolute paths and symbolic links are refused).',
    );
    const folder = await makeZip([{ name: 'sub/pages.json', data: '[]' }, meta]);
    await expectUploadRefused(folder, /not allowed: sub\/pages\.json/);
  });

  it('missing or invalid meta.json, truncated zips, files that are not zips', async () => {
    await expectUploadRefused(
      await makeZip([{ name: 'pages.json', data: '[]' }]),
      'The archive has no meta.json.',
    );
    await expectUploadRefused(
      await makeZip([{ name: 'meta.json', data: '{"version": 7' }]),
      'The meta.json of the archive is invalid.',
    );
    await expectUploadRefused(
      await makeZip([{ name: 'meta.json', data: '{"version": 7}' }]),
      'The meta.json of the archive is invalid.',
    );
    const whole = await exportZip(server, admin, ['pages', 'revisions']);
    await expectUploadRefused(whole.subarray(0, Math.floor(whole.length / 2)), /not a readable zip archive/);
    await expectUploadRefused(Buffer.from('just text'), /not a readable zip archive/);
    await expectUploadRefused(whole, 'Upload a .zip archive.', 'wiki.tar');
  });

  it('over the upload limit, and entries over the size limits', async () => {
    await server.cleanup();
    await boot({ archiveLimits: { maxUpload: 2000, maxEntrySize: 1500, maxTotalSize: 2500 } });
    const big = await makeZip([
      { name: 'pages.json', data: Buffer.alloc(3000, 0x41), compress: false },
      { name: 'meta.json', data: '{}' },
    ]);
    await expectUploadRefused(big, 'The file is larger than the upload limit (2000 B).');
    const entry = await makeZip([
      { name: 'pages.json', data: Buffer.alloc(1600, 0x20) },
      { name: 'meta.json', data: JSON.stringify(META) },
    ]);
    await expectUploadRefused(entry, 'A file in the archive is too large: pages.json');
    const total = await makeZip([
      { name: 'pages.json', data: Buffer.alloc(1400, 0x20) },
      { name: 'revisions.json', data: Buffer.alloc(1400, 0x20) },
      { name: 'meta.json', data: JSON.stringify(META) },
    ]);
    await expectUploadRefused(total, 'The archive is too large once uncompressed.');
  });

  it('is for administrators only', async () => {
    await createUser(server.app, 'bob');
    const bob = await signIn(server.app, 'bob');
    for (const [method, url] of [
      ['GET', '/_api/v3/import/status'],
      ['POST', '/_api/v3/import/upload'],
      ['POST', '/_api/v3/import'],
      ['DELETE', '/_api/v3/import/all'],
    ] as const) {
      const body = method === 'POST' ? { fileName: 'x.zip', collections: ['pages'], options: [] } : undefined;
      expect((await bob.request(method, url, body)).statusCode, url).toBe(403);
    }
  });
});

describe('broken archives are refused at import, changing nothing', () => {
  async function expectImportFails(
    collections: Record<string, unknown[] | string>,
    message: string | RegExp,
  ) {
    const before = pageCount();
    const names = Object.keys(collections);
    const zip = await makeZip([
      ...names.map((name) => ({
        name: `${name}.json`,
        data:
          typeof collections[name] === 'string'
            ? (collections[name] as string)
            : JSON.stringify(collections[name]),
      })),
      { name: 'meta.json', data: JSON.stringify(META) },
    ]);
    const outcome = await importZip(server, admin, zip, names);
    expect(outcome.ok).toBe(false);
    expect(outcome.message).toMatch(/^The import failed and nothing was changed: /);
    expect(outcome.message).toMatch(message);
    await expectUnchanged(before);
    expect((await admin.delete('/_api/v3/import/all')).statusCode).toBe(200);
  }

  it('JSON that is not an array, or not JSON', async () => {
    await expectImportFails({ pages: '{"_id":"x"}', revisions: [] }, 'pages.json is not a JSON array.');
    await expectImportFails({ pages: '[{"_id":', revisions: [] }, 'pages.json is not a JSON array.');
  });

  it('wrong field types', async () => {
    await expectImportFails(
      { pages: [page(1), page(2, { grant: '1' })], revisions: [revision(1), revision(2)] },
      'pages.json: document 1 has an invalid value in "grant".',
    );
    await expectImportFails({ pages: [page(1, { _id: 'not-an-id' })], revisions: [] }, '"_id"');
    await expectImportFails({ pages: [page(1)], revisions: [{ ...revision(1), body: 5 }] }, '"body"');
    await expectImportFails({ pages: [page(1, { createdAt: 'yesterday' })], revisions: [] }, '"createdAt"');
  });

  it('duplicate ids or paths', async () => {
    await expectImportFails(
      { pages: [page(1), page(1)], revisions: [] },
      `pages.json: the id ${ID(1)} appears more than once.`,
    );
    await expectImportFails(
      { pages: [page(1), page(2, { path: '/imported/1' })], revisions: [] },
      'pages.json: "/imported/1" appears more than once.',
    );
  });

  it('unknown collections, missing ones, and broken rules are refused before anything starts', async () => {
    const zip = await growiZip(META, { pages: [page(1)], revisions: [revision(1)], activities: [] });
    const uploaded = await uploadZip(admin, zip);
    const { fileName } = uploaded.json<ZipFileStat>();
    const post = (collections: string[], options = defaultOptions(collections)) =>
      admin.post('/_api/v3/import', { fileName, collections, options });
    const cases: [string[], string][] = [
      [[], 'Select one or more collections.'],
      [['activities'], 'Quire cannot import the collection activities.'],
      [['tags'], 'The collection tags is not in the archive.'],
      [['pages'], "'Pages' and 'Revisions' must be imported both."],
    ];
    for (const [collections, message] of cases) {
      const res = await post(collections);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].message).toBe(message);
    }
    const insertPages = await post(
      ['pages', 'revisions'],
      [
        { collectionName: 'pages', mode: 'upsert' },
        { collectionName: 'revisions', mode: 'insert' },
      ],
    );
    expect(insertPages.statusCode).toBe(200);
    await server.app.ctx.archiveImport.whenIdle();
    const bad = await post(['pages', 'revisions'], [{ collectionName: 'pages', mode: 'upsert' }]);
    expect(bad.json().errors[0].message).toBe('Choose a mode for revisions.');
    server.app.ctx.db.$client.prepare("UPDATE users SET lang = 'ja_JP' WHERE username = 'admin'").run();
    const japanese = await post([]);
    expect(japanese.json().errors[0].message).toBe('コレクションを1つ以上選択してください。');
  });

  it('refuses a Quire archive of another format version', async () => {
    const zip = await growiZip({ ...META, quireArchiveVersion: 99 }, { pages: [], revisions: [] });
    const res = await uploadZip(admin, zip);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].message).toBe(
      'The archive format of this Quire (1) and of the uploaded data (99) are not the same.',
    );
    const status = (await admin.get('/_api/v3/import/status')).json();
    expect(status.isTheSameVersion).toBe(false);
  });
});
