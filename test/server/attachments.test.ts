import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  Agent,
  createGroup,
  createUser,
  signIn,
  signInTeam,
  startTestServer,
  type TestServer,
} from '../helpers/server';
import { multipartBody, PNG_1PX, uploadAs } from '../helpers/multipart';
import { GRANT, type Page } from '../../src/shared/api-types';
import type { Attachment } from '../../src/shared/attachment-types';

let server: TestServer;
let admin: Agent;
let bob: Agent;
let carol: Agent;
let page: Page;

beforeEach(async () => {
  server = await startTestServer();
  ({ admin, bob, carol } = await signInTeam(server.app, ['bob', 'carol']));
  page = (await bob.post('/_api/v3/page', { path: '/Files', body: 'files' })).json<{ page: Page }>().page;
});
afterEach(async () => {
  await server.cleanup();
});

const storedFiles = () =>
  fs.readdirSync(path.join(server.dataDir, 'attachments')).filter((name) => !name.startsWith('.'));

async function uploadPng(agent: Agent = bob, name = 'dot.png', pageId = page._id): Promise<Attachment> {
  const res = await uploadAs(agent, pageId, { name, type: 'image/png', bytes: PNG_1PX });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ attachment: Attachment }>().attachment;
}

describe('uploading', () => {
  it('stores the file under its id and answers with GROWI’s fields', async () => {
    const attachment = await uploadPng();
    expect(attachment).toMatchObject({
      originalName: 'dot.png',
      fileFormat: 'image/png',
      fileSize: PNG_1PX.length,
      creator: { username: 'bob' },
      filePathProxied: `/attachment/${attachment._id}`,
      downloadPathProxied: `/download/${attachment._id}`,
    });
    expect(storedFiles()).toEqual([attachment._id]);
    const list = await carol.get(`/_api/v3/attachment/list?pageId=${page._id}`);
    expect(list.json().paginateResult.docs.map((a: Attachment) => a.originalName)).toEqual(['dot.png']);
  });

  it('refuses guests, read-only users and people who may not read the page', async () => {
    const png = { name: 'a.png', type: 'image/png', bytes: PNG_1PX };
    expect((await uploadAs(new Agent(server.app), page._id, png)).statusCode).toBe(401);
    server.app.ctx.db.$client.prepare("UPDATE users SET read_only = 1 WHERE username = 'carol'").run();
    expect((await uploadAs(carol, page._id, png)).json().errors[0].code).toBe('read_only_user');
    const secret = (
      await admin.post('/_api/v3/page', { path: '/Secret', body: 's', grant: GRANT.owner })
    ).json<{
      page: Page;
    }>().page;
    expect((await uploadAs(bob, secret._id, png)).statusCode).toBe(404);
    expect(storedFiles()).toEqual([]);
  });

  it('needs a page_id and a file', async () => {
    const noPage = await multipartBody({}, { name: 'a.txt', type: 'text/plain', bytes: 'x' });
    const res = await bob.post('/_api/v3/attachment', noPage.body, { 'content-type': noPage.contentType });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].message).toBe('page_id is required');
    const none = await multipartBody({ page_id: page._id });
    expect(
      (await bob.post('/_api/v3/attachment', none.body, { 'content-type': none.contentType })).statusCode,
    ).toBe(400);
    expect((await bob.post('/_api/v3/attachment', { page_id: page._id })).statusCode).toBe(400);
    expect(storedFiles()).toEqual([]);
  });

  it('refuses a file over the limit with 413 naming the limit, keeping nothing', async () => {
    server.app.ctx.settings.set('app:maxFileSize', 1024);
    const res = await uploadAs(bob, page._id, {
      name: 'big.bin',
      type: 'application/octet-stream',
      bytes: new Uint8Array(5000),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().errors[0]).toMatchObject({
      code: 'file_too_large',
      message: 'The file is too large: uploads may be at most 1 KB.',
    });
    expect(fs.readdirSync(path.join(server.dataDir, 'attachments'))).toEqual([]);
    expect((await bob.get(`/_api/v3/attachment/list?pageId=${page._id}`)).json().paginateResult.docs).toEqual(
      [],
    );
    // Exactly at the limit is fine.
    const ok = await uploadAs(bob, page._id, {
      name: 'ok.bin',
      type: 'application/octet-stream',
      bytes: new Uint8Array(1024),
    });
    expect(ok.statusCode).toBe(200);
  });

  it('streams files larger than the JSON body limit when the upload limit allows them', async () => {
    server.app.ctx.settings.set('app:maxFileSize', 40 * 1024 * 1024);
    const bytes = new Uint8Array(30 * 1024 * 1024).fill(7);
    const res = await uploadAs(bob, page._id, { name: 'big.bin', type: 'application/octet-stream', bytes });
    expect(res.statusCode, res.body).toBe(200);
    expect(fs.statSync(path.join(server.dataDir, 'attachments', res.json().attachment._id)).size).toBe(
      bytes.length,
    );
  });

  it('keeps only the last segment of a path-traversal name and never uses it on disk', async () => {
    for (const name of ['../../../etc/passwd', '..\\..\\boot.ini', '..']) {
      const res = await uploadAs(bob, page._id, { name, type: 'text/plain', bytes: 'owned' });
      expect(res.statusCode, res.body).toBe(200);
    }
    const names = (await bob.get(`/_api/v3/attachment/list?pageId=${page._id}`))
      .json()
      .paginateResult.docs.map((a: Attachment) => a.originalName);
    expect(names.sort()).toEqual(['boot.ini', 'file', 'passwd']);
    expect(storedFiles().every((name) => /^[0-9a-f]{24}$/.test(name))).toBe(true);
    expect(fs.existsSync(path.join(server.dataDir, 'etc'))).toBe(false);
  });
});

describe('serving', () => {
  it('shows safe images inline and downloads them with the original name', async () => {
    const attachment = await uploadPng(bob, '写真 1.png');
    const view = await carol.get(`/attachment/${attachment._id}`);
    expect(view.statusCode).toBe(200);
    expect(view.headers['content-type']).toBe('image/png');
    expect(view.headers['x-content-type-options']).toBe('nosniff');
    expect(view.headers['content-disposition']).toMatch(/^inline; /);
    expect(view.rawPayload.equals(PNG_1PX)).toBe(true);
    const download = await carol.get(`/download/${attachment._id}`);
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="__ 1.png"; filename*=UTF-8''%E5%86%99%E7%9C%9F%201.png`,
    );
    expect(download.rawPayload.equals(PNG_1PX)).toBe(true);
  });

  it('never lets uploaded HTML or SVG run script on the wiki’s origin', async () => {
    const hostile = [
      { name: 'x.html', type: 'text/html', bytes: '<script>alert(1)</script>' },
      {
        name: 'x.svg',
        type: 'image/svg+xml',
        bytes: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      },
      // A lying type: script sent as a PNG is still served as bytes with nosniff.
      { name: 'x.png', type: 'text/html; charset=utf-8', bytes: '<script>alert(1)</script>' },
    ];
    for (const file of hostile) {
      const { attachment } = (await uploadAs(bob, page._id, file)).json<{ attachment: Attachment }>();
      for (const url of [attachment.filePathProxied, attachment.downloadPathProxied]) {
        const res = await carol.get(url);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('application/octet-stream');
        expect(res.headers['content-disposition']).toMatch(/^attachment; /);
        expect(res.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
        expect(res.headers['x-content-type-options']).toBe('nosniff');
      }
    }
  });

  it('leaves other paths below /attachment to the web app', async () => {
    const res = await bob.get('/_api/v3/attachment/not-an-id');
    expect(res.statusCode).toBe(400);
    expect((await bob.get('/attachment/0123456789abcdef01234567')).statusCode).toBe(404);
  });
});

describe('who sees attachments', () => {
  it('hides a group page’s attachments from non-members on every route', async () => {
    await createUser(server.app, 'dave');
    const dave = await signIn(server.app, 'dave');
    const groupId = await createGroup(admin, 'team', ['bob']);
    const res = await bob.put('/_api/v3/page', {
      pageId: page._id,
      revisionId: page.revision._id,
      body: 'team only',
      grant: GRANT.userGroup,
      grantUserGroupIds: [{ type: 'UserGroup', item: groupId }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const attachment = await uploadPng();
    const routes = [
      `/_api/v3/attachment/list?pageId=${page._id}`,
      `/_api/v3/attachment/${attachment._id}`,
      `/attachment/${attachment._id}`,
      `/download/${attachment._id}`,
    ];
    for (const url of routes) {
      expect((await dave.get(url)).statusCode, url).toBe(404);
      expect((await new Agent(server.app).get(url)).statusCode, url).toBe(404);
      expect((await bob.get(url)).statusCode, url).toBe(200);
    }
    expect((await dave.delete(`/_api/v3/attachment/${attachment._id}`)).statusCode).toBe(404);
    // An administrator outside the group does not see it either.
    expect((await admin.get(`/attachment/${attachment._id}`)).statusCode).toBe(404);
    expect((await admin.delete(`/_api/v3/attachment/${attachment._id}`)).statusCode).toBe(404);
    expect(storedFiles()).toEqual([attachment._id]);
  });

  it('answers 401 to guests when guest mode is Deny', async () => {
    const attachment = await uploadPng();
    server.app.ctx.settings.set('security:restrictGuestMode', 'Deny');
    expect((await new Agent(server.app).get(`/attachment/${attachment._id}`)).statusCode).toBe(401);
  });
});

describe('deleting', () => {
  it('is for the uploader or an administrator, and removes the file', async () => {
    const attachment = await uploadPng();
    expect((await new Agent(server.app).delete(`/_api/v3/attachment/${attachment._id}`)).statusCode).toBe(
      401,
    );
    expect((await carol.delete(`/_api/v3/attachment/${attachment._id}`)).statusCode).toBe(403);
    expect((await bob.delete(`/_api/v3/attachment/${attachment._id}`)).statusCode).toBe(200);
    expect(storedFiles()).toEqual([]);
    expect((await bob.get(`/attachment/${attachment._id}`)).statusCode).toBe(404);
    const other = await uploadPng();
    const res = await admin.delete(`/_api/v3/attachment/${other._id}`);
    expect(res.json().deletedAttachment._id).toBe(other._id);
    expect(storedFiles()).toEqual([]);
    // GROWI's older call does the same, with its `{ ok }` answers.
    const third = await uploadPng();
    const refused = await carol.post('/_api/attachments.remove', { attachment_id: third._id });
    expect(refused.json()).toMatchObject({ ok: false, code: 'forbidden' });
    expect((await bob.post('/_api/attachments.remove', { attachment_id: third._id })).json()).toEqual({
      ok: true,
    });
    expect(storedFiles()).toEqual([]);
  });

  it('goes with the page when it is deleted completely, not when it goes to the trash', async () => {
    const attachment = await uploadPng();
    const del = { pageIdToRevisionIdMap: { [page._id]: page.revision._id } };
    expect((await bob.post('/_api/v3/pages/delete', del)).statusCode).toBe(200);
    expect(storedFiles()).toEqual([attachment._id]);
    // In the trash: still readable, no new uploads.
    expect((await bob.get(`/attachment/${attachment._id}`)).statusCode).toBe(200);
    expect(
      (await uploadAs(bob, page._id, { name: 'b.png', type: 'image/png', bytes: PNG_1PX })).statusCode,
    ).toBe(409);
    expect((await admin.delete('/_api/v3/pages/empty-trash')).statusCode).toBe(200);
    await vi_waitFor(() => storedFiles().length === 0);
    expect(server.app.ctx.db.$client.prepare('SELECT COUNT(*) AS n FROM attachments').get()).toEqual({
      n: 0,
    });
  });

  it('goes with the pages of a group deleted with "delete"', async () => {
    const groupId = await createGroup(admin, 'gone', ['bob']);
    const res = await bob.put('/_api/v3/page', {
      pageId: page._id,
      revisionId: page.revision._id,
      body: 'group page',
      grant: GRANT.userGroup,
      grantUserGroupIds: [{ type: 'UserGroup', item: groupId }],
    });
    expect(res.statusCode, res.body).toBe(200);
    await uploadPng();
    expect(storedFiles()).toHaveLength(1);
    expect((await admin.delete(`/_api/v3/user-groups/${groupId}?actionName=delete`)).statusCode).toBe(200);
    await vi_waitFor(() => storedFiles().length === 0);
  });

  it('removes files of pages deleted while the server was down, and stray files, at start', async () => {
    const attachment = await uploadPng();
    fs.writeFileSync(path.join(server.dataDir, 'attachments', 'aaaaaaaaaaaaaaaaaaaaaaaa'), 'stray');
    fs.writeFileSync(path.join(server.dataDir, 'attachments', '.upload-cut-short'), 'partial');
    server.app.ctx.db.$client.prepare('UPDATE attachments SET page_id = NULL').run();
    await new Promise((r) => setTimeout(r, 20));
    await server.close();
    const restarted = await startTestServer({ dataDir: server.dataDir });
    try {
      await vi_waitFor(() => fs.readdirSync(path.join(server.dataDir, 'attachments')).length === 0);
      expect(storedFiles()).not.toContain(attachment._id);
    } finally {
      await restarted.close();
    }
  });
});

async function vi_waitFor(done: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !done(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(done()).toBe(true);
}
