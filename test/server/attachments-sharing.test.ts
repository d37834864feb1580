import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Agent, createUser, install, signIn, startTestServer, type TestServer } from '../helpers/server';
import { PNG_1PX, uploadAs } from '../helpers/multipart';
import { GRANT, type Page } from '../../src/shared/api-types';
import type { Attachment } from '../../src/shared/attachment-types';
import type { SecurityParams } from '../../src/shared/account-types';

let server: TestServer;
let admin: Agent;
let bob: Agent;
let shared: Page;
let other: Page;

const setGrant = (pageId: string, grant: number) =>
  server.app.ctx.db.$client.prepare('UPDATE pages SET "grant" = ? WHERE id = ?').run(grant, pageId);

async function attach(pageId: string): Promise<Attachment> {
  const res = await uploadAs(bob, pageId, { name: 'dot.png', type: 'image/png', bytes: PNG_1PX });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ attachment: Attachment }>().attachment;
}

beforeEach(async () => {
  server = await startTestServer();
  admin = await install(server.app);
  await createUser(server.app, 'bob');
  bob = await signIn(server.app, 'bob');
  const make = async (path: string) =>
    (await bob.post('/_api/v3/page', { path, body: path })).json<{ page: Page }>().page;
  shared = await make('/Shared');
  other = await make('/Other');
  setGrant(shared._id, GRANT.owner);
  setGrant(other._id, GRANT.owner);
});
afterEach(async () => {
  await server.cleanup();
});

describe('attachments through a share link', () => {
  it('are viewable by a guest holding the link, for that page only', async () => {
    server.app.ctx.settings.set('security:restrictGuestMode', 'Deny');
    const mine = await attach(shared._id);
    const notShared = await attach(other._id);
    const link = (await bob.post('/_api/v3/share-links', { relatedPage: shared._id })).json();
    const guest = new Agent(server.app);
    const q = `shareLinkId=${link._id}`;
    const list = await guest.get(`/_api/v3/attachment/list?pageId=${shared._id}&${q}`);
    expect(list.json().paginateResult.docs.map((a: Attachment) => a._id)).toEqual([mine._id]);
    expect((await guest.get(`/attachment/${mine._id}?${q}`)).statusCode).toBe(200);
    expect((await guest.get(`/download/${mine._id}?${q}`)).statusCode).toBe(200);
    // Nothing else of the wiki: the link does not open another page's attachments.
    expect((await guest.get(`/attachment/${notShared._id}?${q}`)).statusCode).toBe(404);
    expect((await guest.get(`/_api/v3/attachment/list?pageId=${other._id}&${q}`)).statusCode).toBe(404);
    // Without the link: nothing.
    expect((await guest.get(`/attachment/${mine._id}`)).statusCode).toBe(401);
    // Guests never delete, link or not.
    expect((await guest.delete(`/_api/v3/attachment/${mine._id}`)).statusCode).toBe(401);
  });

  it('stop when the link expires or the admin disables link sharing', async () => {
    const mine = await attach(shared._id);
    const link = (await bob.post('/_api/v3/share-links', { relatedPage: shared._id })).json();
    const open = () => new Agent(server.app).get(`/attachment/${mine._id}?shareLinkId=${link._id}`);
    expect((await open()).statusCode).toBe(200);
    const off = await admin.put('/_api/v3/security-setting/share-link-setting', { disableLinkSharing: true });
    expect(off.json()).toMatchObject({ securitySettingParams: { disableLinkSharing: true } });
    expect((await open()).statusCode).toBe(404);
    expect((await new Agent(server.app).get(`/_api/v3/share-links/${link._id}/page`)).statusCode).toBe(404);
    await admin.put('/_api/v3/security-setting/share-link-setting', { disableLinkSharing: false });
    expect((await open()).statusCode).toBe(200);
    server.app.ctx.db.$client.prepare('UPDATE share_links SET expired_at = ?').run(Date.now() - 1000);
    expect((await open()).statusCode).toBe(404);
  });
});

describe('admin switches of issue 7', () => {
  it('show link sharing and the upload limit in the security settings, for admins only', async () => {
    const params = (await admin.get('/_api/v3/security-setting')).json<{ securityParams: SecurityParams }>()
      .securityParams;
    expect(params.shareLinkSetting).toEqual({ disableLinkSharing: false });
    expect(params.fileUploadSetting).toEqual({ maxFileSize: 10 * 1024 * 1024, isFromEnv: false });
    expect(
      (await bob.put('/_api/v3/security-setting/share-link-setting', { disableLinkSharing: true }))
        .statusCode,
    ).toBe(403);
    expect(
      (await bob.put('/_api/v3/security-setting/file-upload-setting', { maxFileSize: 1 })).statusCode,
    ).toBe(403);
    expect(
      (await admin.put('/_api/v3/security-setting/share-link-setting', { disableLinkSharing: 'yes' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await admin.put('/_api/v3/security-setting/file-upload-setting', { maxFileSize: 0 })).statusCode,
    ).toBe(400);
    const set = await admin.put('/_api/v3/security-setting/file-upload-setting', { maxFileSize: 2048 });
    expect(set.json().fileUploadSetting).toEqual({ maxFileSize: 2048, isFromEnv: false });
    expect(server.app.ctx.settings.get('security:disableLinkSharing')).toBe(false);
  });

  it('let QUIRE_MAX_FILE_SIZE override the stored upload limit', async () => {
    await server.close();
    const fixed = await startTestServer({ dataDir: server.dataDir, maxFileSize: 100 });
    try {
      const agent = await signIn(fixed.app, 'bob');
      const res = await uploadAs(agent, shared._id, {
        name: 'a.bin',
        type: 'application/octet-stream',
        bytes: new Uint8Array(200),
      });
      expect(res.statusCode).toBe(413);
      expect(res.json().errors[0].message).toBe('The file is too large: uploads may be at most 100 B.');
    } finally {
      await fixed.close();
    }
  });
});
