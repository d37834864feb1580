// The co-edited draft: kept across a server restart, saved as a revision by the one who saves with
// the others listed, and reconciled (never silently lost) when the page is saved elsewhere.
import { afterEach, describe, expect, it } from 'vitest';
import type { Page } from '../../src/shared/api-types';
import type { CoeditServerMessage } from '../../src/shared/realtime-types';
import { CoeditClient } from '../helpers/coedit-client';
import { createPage, listen, startListening, type ListeningServer } from '../helpers/coedit-server';
import { signIn, startTestServer, ADMIN } from '../helpers/server';

let s: ListeningServer;
const clients: CoeditClient[] = [];
const cleanups: (() => Promise<void>)[] = [];

async function connect(url: string, cookie: string, pageId: string): Promise<CoeditClient> {
  const client = await CoeditClient.connect(url, pageId, { cookie });
  clients.push(client);
  return client;
}

const lastStatus = (client: CoeditClient) =>
  client.messages
    .filter((m): m is Extract<CoeditServerMessage, { type: 'status' }> => m.type === 'status')
    .at(-1);

afterEach(async () => {
  for (const client of clients.splice(0)) client.close();
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

describe('co-edited drafts', () => {
  it('survives a server restart with its status', async () => {
    s = await startListening();
    cleanups.push(() => s.server.cleanup());
    const page = await createPage(s.admin, '/drafts/restart', 'Saved.');
    const ada = await connect(s.url, s.admin.cookie, page._id);
    ada.type(ada.text.length, ' Unsaved draft.');
    const status = async () => (await s.admin.get(`/_api/v3/coedit/${page._id}/status`)).json();
    for (let i = 0; i < 100 && (await status()).status !== 'draft'; i++)
      await new Promise((r) => setTimeout(r, 10));
    expect(await status()).toMatchObject({ status: 'draft', baseRevisionId: page.revision._id });

    // A closing server flushes the document, whatever the persist delay.
    await s.server.close();
    ada.close();
    const again = await startTestServer({ dataDir: s.server.dataDir });
    cleanups.push(() => again.close());
    const url = await listen(again);
    const admin = await signIn(again.app, ADMIN.username, ADMIN.password);
    const back = await connect(url, admin.cookie, page._id);
    expect(back.text.toString()).toBe('Saved. Unsaved draft.');
    expect(lastStatus(back)).toMatchObject({ status: 'draft' });
    const viaApi = await admin.get(`/_api/v3/coedit/${page._id}/status`);
    expect(viaApi.json()).toMatchObject({ status: 'draft', editors: [{ username: 'admin' }] });
  });

  it('saves a revision by the one who saves, listing the others who typed', async () => {
    s = await startListening();
    cleanups.push(() => s.server.cleanup());
    const page = await createPage(s.admin, '/drafts/save', 'One');
    const ada = await connect(s.url, s.admin.cookie, page._id);
    const bob = await connect(s.url, s.bob.cookie, page._id);
    bob.type(bob.text.length, ' two');
    await ada.until(() => ada.text.toString() === 'One two');

    const res = await s.admin.post(`/_api/v3/coedit/${page._id}/save`, {});
    expect(res.statusCode).toBe(200);
    const saved = res.json<{ page: Page }>().page;
    expect(saved.revision.body).toBe('One two');
    expect(saved.revision.author?.username).toBe('admin');
    const history = await s.bob.get(`/_api/v3/revisions/list?pageId=${page._id}`);
    expect(history.json().revisions[0]).toMatchObject({
      _id: saved.revision._id,
      author: { username: 'admin' },
      coeditors: [{ username: 'bob', name: 'Bob' }],
    });
    expect(history.json().revisions[1]).toMatchObject({ coeditors: [] });
    await bob.until(() =>
      bob.messages.some((m) => m.type === 'saved' && m.revisionId === saved.revision._id),
    );
    await bob.until(() => lastStatus(bob)?.status === 'synced');
    const status = await s.bob.get(`/_api/v3/coedit/${page._id}/status`);
    expect(status.json()).toMatchObject({ status: 'synced', baseRevisionId: saved.revision._id });
  });

  it('follows a save made elsewhere when there is no draft', async () => {
    s = await startListening();
    cleanups.push(() => s.server.cleanup());
    const page = await createPage(s.admin, '/drafts/outside-clean', 'Before');
    const bob = await connect(s.url, s.bob.cookie, page._id);
    const put = await s.admin.put('/_api/v3/page', {
      pageId: page._id,
      revisionId: page.revision._id,
      body: 'After',
    });
    expect(put.statusCode).toBe(200);
    await bob.until(() => bob.text.toString() === 'After', 'the saved text');
    expect(bob.messages).toContainEqual(
      expect.objectContaining({
        type: 'outside-edit',
        edit: expect.objectContaining({ outcome: 'reloaded' }),
      }),
    );
  });

  it('keeps a draft when the page is saved elsewhere, marks it outdated and asks before overwriting', async () => {
    s = await startListening();
    cleanups.push(() => s.server.cleanup());
    const page = await createPage(s.admin, '/drafts/outside-draft', 'Base');
    const bob = await connect(s.url, s.bob.cookie, page._id);
    bob.type(4, ' with co-edits');
    await bob.until(() => lastStatus(bob) !== undefined);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const put = await s.admin.put('/_api/v3/page', {
      pageId: page._id,
      revisionId: page.revision._id,
      body: 'Elsewhere',
    });
    expect(put.statusCode).toBe(200);
    await bob.until(() => lastStatus(bob)?.status === 'outdated', 'outdated');
    expect(bob.text.toString()).toBe('Base with co-edits');
    const notice = bob.messages.find((m) => m.type === 'outside-edit');
    expect(notice).toMatchObject({ edit: { outcome: 'kept', user: { username: 'admin' } } });

    const refused = await s.bob.post(`/_api/v3/coedit/${page._id}/save`, {});
    expect(refused.statusCode).toBe(409);
    const overwrite = await s.bob.post(`/_api/v3/coedit/${page._id}/save`, { overwrite: true });
    expect(overwrite.statusCode).toBe(200);
    expect(overwrite.json<{ page: Page }>().page.revision.body).toBe('Base with co-edits');
  });

  it('discards a draft back to the saved version, for editors only', async () => {
    s = await startListening();
    cleanups.push(() => s.server.cleanup());
    const page = await createPage(s.admin, '/drafts/discard', 'Keep me');
    const ada = await connect(s.url, s.admin.cookie, page._id);
    ada.type(0, 'Scrap: ');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const guest = await s.server.app.inject({ method: 'POST', url: `/_api/v3/coedit/${page._id}/discard` });
    expect(guest.statusCode).toBe(403); // no CSRF token, no session
    const res = await s.admin.post(`/_api/v3/coedit/${page._id}/discard`, {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'synced' });
    await ada.until(() => ada.text.toString() === 'Keep me');
  });
});
