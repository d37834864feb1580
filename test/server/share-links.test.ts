import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Agent, signInTeam, startTestServer, type TestServer } from '../helpers/server';
import { GRANT, type Page } from '../../src/shared/api-types';
import type { CreatedShareLink, ShareLink } from '../../src/shared/social-types';

let server: TestServer;
let admin: Agent;
let bob: Agent;
let carol: Agent;
let page: Page;
beforeEach(async () => {
  server = await startTestServer();
  ({ admin, bob, carol } = await signInTeam(server.app, ['bob', 'carol']));
  page = (await bob.post('/_api/v3/page', { path: '/Shared', body: 'shared text' })).json<{ page: Page }>()
    .page;
});
afterEach(async () => {
  await server.cleanup();
});

const setGrant = (pageId: string, grant: number) =>
  server.app.ctx.db.$client.prepare('UPDATE pages SET "grant" = ? WHERE id = ?').run(grant, pageId);
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

async function share(agent: Agent, body: object = {}): Promise<CreatedShareLink> {
  const res = await agent.post('/_api/v3/share-links', { relatedPage: page._id, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<CreatedShareLink>();
}

describe('share links', () => {
  it('let anyone holding the link read a private page, guests in deny mode too', async () => {
    setGrant(page._id, GRANT.owner);
    const link = await share(bob, { description: 'for the auditor', expiredAt: inDays(7) });
    // GROWI's answer: the new link's document, its page by id.
    expect(link).toMatchObject({
      relatedPage: page._id,
      description: 'for the auditor',
      creator: { username: 'bob' },
    });
    expect((await carol.get(`/_api/v3/page?pageId=${page._id}`)).statusCode).toBe(404);
    server.app.ctx.settings.set('security:restrictGuestMode', 'Deny');
    const guest = new Agent(server.app);
    const shared = await guest.get(`/_api/v3/share-links/${link._id}/page`);
    expect(shared.statusCode, shared.body).toBe(200);
    expect(shared.json().page.revision.body).toBe('shared text');
    expect(shared.json().shareLink._id).toBe(link._id);
    // The link opens that page only: the page itself stays hidden by id.
    expect((await guest.get(`/_api/v3/page?pageId=${page._id}`)).statusCode).toBe(401);
  });

  it("answer GROWI's /page/shared only for the link's own page", async () => {
    setGrant(page._id, GRANT.owner);
    const link = await share(bob);
    const other = (await bob.post('/_api/v3/page', { path: '/Other', body: 'other text' })).json<{
      page: Page;
    }>().page;
    const guest = new Agent(server.app);
    const shared = await guest.get(`/_api/v3/page/shared?pageId=${page._id}&shareLinkId=${link._id}`);
    expect(shared.statusCode, shared.body).toBe(200);
    expect(shared.json().page.revision.body).toBe('shared text');
    const wrongPage = await guest.get(`/_api/v3/page/shared?pageId=${other._id}&shareLinkId=${link._id}`);
    expect(wrongPage.statusCode).toBe(404);
    expect(wrongPage.json().errors[0].code).toBe('share_link_not_found');
    expect((await guest.get(`/_api/v3/page/shared?pageId=${page._id}`)).statusCode).toBe(400);
  });

  it('stop working when expired, deleted, in the trash or when the admin disables sharing', async () => {
    const link = await share(bob);
    const open = () => new Agent(server.app).get(`/_api/v3/share-links/${link._id}/page`);
    expect((await open()).statusCode).toBe(200);
    server.app.ctx.db.$client.prepare('UPDATE share_links SET expired_at = ?').run(Date.now() - 1000);
    expect((await open()).json().errors[0].code).toBe('share_link_not_found');
    server.app.ctx.db.$client.prepare('UPDATE share_links SET expired_at = NULL').run();
    server.app.ctx.settings.set('security:disableLinkSharing', true);
    expect((await open()).statusCode).toBe(404);
    expect((await bob.post('/_api/v3/share-links', { relatedPage: page._id })).statusCode).toBe(403);
    server.app.ctx.settings.set('security:disableLinkSharing', false);
    await bob.post('/_api/v3/pages/delete', { pageIdToRevisionIdMap: { [page._id]: page.revision._id } });
    expect((await open()).statusCode).toBe(404);
  });

  it('refuse a past expiry, a non-date, guests and people who may not edit the page', async () => {
    const past = await bob.post('/_api/v3/share-links', { relatedPage: page._id, expiredAt: inDays(-1) });
    expect(past.statusCode).toBe(400);
    expect(past.json().errors[0].message).toBe('You entered invalid value');
    expect(
      (await bob.post('/_api/v3/share-links', { relatedPage: page._id, expiredAt: 'soon' })).statusCode,
    ).toBe(400);
    expect(
      (await new Agent(server.app).post('/_api/v3/share-links', { relatedPage: page._id })).statusCode,
    ).toBe(401);
    server.app.ctx.db.$client.prepare("UPDATE users SET read_only = 1 WHERE username = 'carol'").run();
    expect((await carol.post('/_api/v3/share-links', { relatedPage: page._id })).statusCode).toBe(403);
    setGrant(page._id, GRANT.owner);
    expect((await admin.post('/_api/v3/share-links', { relatedPage: page._id })).statusCode).toBe(404);
    expect((await admin.get(`/_api/v3/share-links?relatedPage=${page._id}`)).statusCode).toBe(404);
  });

  it('are listed per page and for admins, and deleted by their creator or an admin', async () => {
    const first = await share(bob);
    const second = await share(carol);
    const listed = (await bob.get(`/_api/v3/share-links?relatedPage=${page._id}`)).json().shareLinksResult;
    expect(listed.map((l: ShareLink) => l._id).sort()).toEqual([first._id, second._id].sort());
    expect((await bob.get('/_api/v3/share-links/all')).statusCode).toBe(403);
    expect((await admin.get('/_api/v3/share-links/all')).json().shareLinks).toHaveLength(2);
    // A link to a page hidden from the admin is not listed to them.
    setGrant(page._id, GRANT.owner);
    expect((await admin.get('/_api/v3/share-links/all')).json().shareLinks).toEqual([]);
    setGrant(page._id, GRANT.public);

    expect((await bob.request('DELETE', `/_api/v3/share-links/${second._id}`)).statusCode).toBe(403);
    const deleted = await carol.request('DELETE', `/_api/v3/share-links/${second._id}`);
    expect(deleted.json().deletedShareLink._id).toBe(second._id);
    expect((await admin.request('DELETE', `/_api/v3/share-links/${first._id}`)).statusCode).toBe(200);
    await share(bob);
    await share(bob);
    expect((await bob.request('DELETE', `/_api/v3/share-links?relatedPage=${page._id}`)).json()).toEqual({
      deletedCount: 2,
    });
    await share(bob);
    expect((await admin.request('DELETE', '/_api/v3/share-links/all')).json()).toEqual({ deletedCount: 1 });
  });

  it("are listed ten at a time and all deleted at GROWI's security-settings routes, by admins", async () => {
    for (let i = 0; i < 12; i++) await share(bob);
    expect((await bob.get('/_api/v3/security-setting/all-share-links')).statusCode).toBe(403);
    const first = (await admin.get('/_api/v3/security-setting/all-share-links')).json().paginateResult;
    expect(first).toMatchObject({ totalDocs: 12, page: 1, totalPages: 2, hasNextPage: true, nextPage: 2 });
    expect(first.docs).toHaveLength(10);
    expect(first.docs[0].relatedPage.path).toBe(page.path);
    const second = (await admin.get('/_api/v3/security-setting/all-share-links?page=2')).json()
      .paginateResult;
    expect(second.docs).toHaveLength(2);
    expect((await bob.request('DELETE', '/_api/v3/security-setting/all-share-links')).statusCode).toBe(403);
    const removed = await admin.request('DELETE', '/_api/v3/security-setting/all-share-links');
    expect(removed.json()).toEqual({ removeTotal: 12 });
  });

  it('go with complete deletion of their page', async () => {
    await share(bob);
    const res = await admin.post('/_api/v3/pages/delete', {
      pageIdToRevisionIdMap: { [page._id]: page.revision._id },
      isCompletely: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const n = server.app.ctx.db.$client.prepare('SELECT count(*) AS n FROM share_links').get() as {
      n: number;
    };
    expect(n.n).toBe(0);
  });
});
