// Where attachments live (issue 19), against a local S3-compatible server (s3rver on 127.0.0.1):
// the settings with SPEC's rules and a write-only secret, delivery by relay and by redirect after
// the permission check, share links, archive export from the bucket, and moves local → S3 →
// database with a failure injected halfway (nothing lost, the old storage still serving).
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Agent, signInTeam, startTestServer, type TestServer } from '../helpers/server';
import { s3Settings, startS3, S3_KEY, type S3Standin } from '../helpers/s3-standin';
import { uploadAs } from '../helpers/multipart';
import { exportZip } from '../helpers/archive-flow';
import { readZip } from '../helpers/archive';
import { GRANT, type Page } from '../../src/shared/api-types';
import type { Attachment } from '../../src/shared/attachment-types';

let server: TestServer;
let admin: Agent;
let bob: Agent;
let carol: Agent;
let s3: S3Standin;
let page: Page;

beforeEach(async () => {
  s3 = await startS3();
  server = await startTestServer();
  ({ admin, bob, carol } = await signInTeam(server.app, ['bob', 'carol']));
  page = (await bob.post('/_api/v3/page', { path: '/project-files', body: 'files' })).json<{ page: Page }>()
    .page;
});
afterEach(async () => {
  await server.app.ctx.storageMove.settled();
  await server.cleanup();
  await s3.close();
});

const SETTING = '/_api/v3/app-settings/file-upload-setting';

async function attach(name: string, text: string, pageId = page._id): Promise<Attachment> {
  const res = await uploadAs(bob, pageId, { name, type: 'text/plain', bytes: text });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ attachment: Attachment }>().attachment;
}

async function moveTo(body: Record<string, unknown>): Promise<void> {
  const res = await admin.put(SETTING, body);
  expect(res.statusCode, res.body).toBe(202);
  await server.app.ctx.storageMove.settled();
}

const download = async (agent: Agent, id: string) => {
  const res = await agent.get(`/download/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
};

describe('the file upload settings', () => {
  it('are for admins, keep the secret write-only, and refuse bad values with SPEC messages', async () => {
    const read = await admin.get(SETTING);
    expect(read.json().fileUploadSettingParams).toMatchObject({
      fileUploadType: 'local',
      isS3SecretAccessKeySet: false,
    });
    expect((await bob.get(SETTING)).statusCode).toBe(403);
    expect((await bob.put(SETTING, s3Settings(s3))).statusCode).toBe(403);
    expect((await bob.post(`${SETTING}/test`, s3Settings(s3))).statusCode).toBe(403);
    expect((await new Agent(server.app).get(`${SETTING}/move`)).statusCode).toBe(401);

    const bad = async (extra: Record<string, unknown>) =>
      (await admin.put(SETTING, s3Settings(s3, extra))).json();
    expect((await bad({ s3Region: 'us-east' })).errors[0].message).toBe('AWS region must be a region name.');
    expect((await bad({ s3Region: 'Tokyo' })).errors[0].message).toBe('AWS region must be a region name.');
    expect((await bad({ s3CustomEndpoint: `${s3.endpoint}/` })).errors[0].message).toBe(
      'A custom endpoint must start with http(s):// and have no trailing slash.',
    );
    expect((await bad({ s3CustomEndpoint: '127.0.0.1:9000' })).errors[0].message).toBe(
      'A custom endpoint must start with http(s):// and have no trailing slash.',
    );
    expect((await bad({ s3Bucket: '' })).errors[0].message).toBe('Bucket is required');
    // s3rver knows one key pair: another access key is refused like wrong AWS credentials.
    const wrong = await admin.put(
      SETTING,
      s3Settings(s3, { s3AccessKeyId: 'AKIAWRONG', s3SecretAccessKey: 'not-the-secret' }),
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0].message).toMatch(/^The storage test failed: /);
    expect(wrong.body).not.toContain('not-the-secret');
    // Bad input changed nothing.
    expect(server.app.ctx.settings.get('app:fileUploadType')).toBe('local');
    expect(server.app.ctx.settings.get('aws:s3SecretAccessKey')).toBe('');

    const tested = await admin.post(`${SETTING}/test`, s3Settings(s3));
    expect(tested.statusCode, tested.body).toBe(200);
    const missingBucket = await admin.post(`${SETTING}/test`, s3Settings(s3, { s3Bucket: 'no-such-bucket' }));
    expect(missingBucket.json().errors[0].code).toBe('storage_test_failed');

    // What Quire finds itself (the probe file does not come back) is said in the admin's words.
    const registry = server.app.ctx.storage;
    const build = registry.build.bind(registry);
    registry.build = (type, config) =>
      Object.assign(Object.create(build(type, config)), { open: async () => null });
    const unreadable = await admin.post(`${SETTING}/test`, s3Settings(s3));
    expect(unreadable.json().errors[0]).toEqual({
      code: 'storage_test_failed',
      message: 'The storage test failed: the test file was written but could not be read back.',
    });
    registry.build = build;
  });
});

describe('S3 storage', () => {
  it('moves local files to the bucket, serves them by relay and by redirect, and deletes there', async () => {
    const a = await attach('a.txt', 'alpha');
    const b = await attach('b.txt', 'bravo');
    await moveTo(s3Settings(s3));
    expect(server.app.ctx.storageMove.status()).toMatchObject({
      state: 'done',
      from: 'local',
      to: 'aws',
      verified: 2,
    });
    const view = (await admin.get(SETTING)).json().fileUploadSettingParams;
    expect(view).toMatchObject({ fileUploadType: 'aws', isS3SecretAccessKeySet: true, s3Bucket: s3.bucket });
    expect(view).not.toHaveProperty('s3SecretAccessKey');
    expect(server.app.ctx.settings.get('aws:s3SecretAccessKey')).toBe(S3_KEY.secret);
    expect(s3.object(`attachments/${a._id}`)?.toString()).toBe('alpha');
    expect(await download(carol, a._id)).toBe('alpha');

    // New uploads go to the bucket; deletion removes the object.
    const c = await attach('c.txt', 'charlie');
    expect(s3.object(`attachments/${c._id}`)?.toString()).toBe('charlie');
    expect((await bob.delete(`/_api/v3/attachment/${c._id}`)).statusCode).toBe(200);
    expect(s3.object(`attachments/${c._id}`)).toBeNull();

    // Redirect delivery: a signed URL, only after the permission check.
    const relayOff = await admin.put(SETTING, s3Settings(s3, { s3ReferenceFileWithRelayMode: false }));
    expect(relayOff.statusCode, relayOff.body).toBe(200);
    const redirected = await carol.get(`/download/${b._id}`);
    expect(redirected.statusCode).toBe(302);
    const location = String(redirected.headers.location);
    expect(location).toContain(`${s3.endpoint}/${s3.bucket}/attachments/${b._id}?`);
    expect(location).toContain('X-Amz-Signature=');
    const fetched = await fetch(location);
    expect(await fetched.text()).toBe('bravo');
    expect(fetched.headers.get('content-disposition')).toContain("attachment; filename*=UTF-8''b.txt");

    // A page carol may not read: refused before any URL is made.
    const secret = (
      await bob.post('/_api/v3/page', { path: '/secret', body: 'x', grant: GRANT.owner })
    ).json<{ page: Page }>().page;
    const hidden = await attach('hidden.txt', 'hush', secret._id);
    const refused = await carol.get(`/download/${hidden._id}`);
    expect([403, 404]).toContain(refused.statusCode);
    expect(refused.headers.location).toBeUndefined();
    expect(refused.body).not.toContain('X-Amz');
  });

  it('serves share-link views and archive exports from the bucket', async () => {
    const a = await attach('shared.txt', 'shared bytes');
    await moveTo(s3Settings(s3));
    const link = (await bob.post('/_api/v3/share-links', { relatedPage: page._id })).json();
    server.app.ctx.settings.set('security:restrictGuestMode', 'Deny');
    const guest = new Agent(server.app);
    const viewed = await guest.get(`/attachment/${a._id}?shareLinkId=${link._id}`);
    expect(viewed.statusCode).toBe(200);
    expect(viewed.body).toBe('shared bytes');

    const zip = await readZip(
      await exportZip(server, admin, [
        'pages',
        'attachments',
        'attachmentFiles.files',
        'attachmentFiles.chunks',
      ]),
    );
    const chunks = JSON.parse(zip.get('attachmentFiles.chunks.json') ?? '[]') as {
      files_id: string;
      data: string;
    }[];
    const chunk = chunks.find((c) => c.files_id === a._id);
    expect(Buffer.from(chunk?.data ?? '', 'base64').toString()).toBe('shared bytes');

    // A backup carries the bucket's files too: it stays complete whatever the storage.
    const backup = await server.app.ctx.backups.backupNow('manual');
    const entries = await readZip(fs.readFileSync(path.join(server.app.ctx.backups.dir, backup.name)));
    expect(entries.get(`attachments/${a._id}`)).toBe('shared bytes');
  });

  it('keeps serving from the old storage when a move fails halfway, and resumes the move', async () => {
    const files = [];
    for (let i = 0; i < 4; i++) files.push(await attach(`f${i}.txt`, `file number ${i}`));
    await moveTo(s3Settings(s3));

    // Into the database, with its writes failing after the second file.
    const database = server.app.ctx.storage.backend('database');
    const put = database.put.bind(database);
    let calls = 0;
    database.put = async (...args) => {
      calls += 1;
      if (calls > 2) throw new Error('injected failure: disk full');
      return put(...args);
    };
    await moveTo({ fileUploadType: 'database' });
    expect(server.app.ctx.storageMove.status()).toMatchObject({
      state: 'failed',
      problem: null,
      error: 'injected failure: disk full',
    });
    // A copy that arrives different stops the move too: Quire's own finding, told by code.
    database.put = async (key, stream, isTruncated) => {
      for await (const piece of stream) void piece;
      return put(key, Readable.from([Buffer.from('garbled')]), isTruncated);
    };
    await moveTo({ fileUploadType: 'database' });
    const garbled = server.app.ctx.storageMove.status();
    expect(garbled).toMatchObject({ state: 'failed', problem: { code: 'not_intact' }, error: null });
    expect(files.map((f) => f._id)).toContain(garbled.problem?.attachmentId);
    expect(server.app.ctx.settings.get('app:fileUploadType')).toBe('aws');
    for (const [i, f] of files.entries()) {
      expect(await download(carol, f._id)).toBe(`file number ${i}`);
      expect(s3.object(`attachments/${f._id}`)?.toString()).toBe(`file number ${i}`);
    }

    database.put = put;
    await moveTo({ fileUploadType: 'database' });
    expect(server.app.ctx.storageMove.status()).toMatchObject({ state: 'done', verified: 4, copied: 2 });
    expect(server.app.ctx.settings.get('app:fileUploadType')).toBe('database');
    for (const [i, f] of files.entries()) {
      expect(await download(carol, f._id)).toBe(`file number ${i}`);
      expect(s3.object(`attachments/${f._id}`)).toBeNull();
    }
    // While a move runs, the settings stay put.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const local = server.app.ctx.storage.backend('local');
    const localPut = local.put.bind(local);
    local.put = async (...args) => {
      await gate;
      return localPut(...args);
    };
    expect((await admin.put(SETTING, { fileUploadType: 'local' })).statusCode).toBe(202);
    const during = await admin.put(SETTING, s3Settings(s3));
    expect(during.statusCode).toBe(409);
    expect(during.json().errors[0].code).toBe('storage_move_running');
    release();
    await server.app.ctx.storageMove.settled();
    local.put = localPut;
    expect(server.app.ctx.settings.get('app:fileUploadType')).toBe('local');
    expect(await download(carol, files[0]!._id)).toBe('file number 0');
  });
});

describe('database storage', () => {
  it('keeps files inside quire.db and streams 100 MB in and out with flat memory', async () => {
    await moveTo({ fileUploadType: 'database' });
    const small = await attach('note.txt', 'in the database');
    expect(await download(carol, small._id)).toBe('in the database');
    const rows = server.app.ctx.db.$client
      .prepare('SELECT size FROM stored_files WHERE key = ?')
      .get(small._id);
    expect(rows).toEqual({ size: 15 });

    const storage = server.app.ctx.storage.backend('database');
    const MB = 1024 * 1024;
    const size = 100 * MB;
    const block = Buffer.alloc(64 * 1024, 7);
    const generated = Readable.from(
      (function* blocks() {
        for (let sent = 0; sent < size; sent += block.length) yield block;
      })(),
    );
    global.gc?.();
    const base = process.memoryUsage().rss;
    let peak = base;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
    try {
      const key = 'abcdef0123456789abcdef01';
      expect(await storage.put(key, generated, () => false)).toEqual({ size, complete: true });
      let read = 0;
      for await (const piece of (await storage.open(key))!) read += (piece as Buffer).length;
      expect(read).toBe(size);
      await storage.remove(key);
      expect(await storage.open(key)).toBeNull();
    } finally {
      clearInterval(sampler);
    }
    // The whole file would be 100 MB; chunked, the process grows by a small fraction of it.
    expect((peak - base) / MB).toBeLessThan(60);
  });
});
