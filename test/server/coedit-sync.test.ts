// Co-editing over the WebSocket: two editors converge, presence shows who they really are, and
// only people who may edit the page get in (and stay in).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GRANT } from '../../src/shared/api-types';
import { SOCKET_CLOSE } from '../../src/shared/realtime-types';
import { CoeditClient, openSocket } from '../helpers/coedit-client';
import { createPage, startListening, type ListeningServer } from '../helpers/coedit-server';
import { createUser, signIn } from '../helpers/server';

let s: ListeningServer;
const clients: CoeditClient[] = [];

async function connect(cookie: string, pageId: string, origin?: string): Promise<CoeditClient> {
  const client = await CoeditClient.connect(s.url, pageId, { cookie, origin });
  clients.push(client);
  return client;
}

beforeEach(async () => {
  s = await startListening();
});
afterEach(async () => {
  for (const client of clients.splice(0)) client.close();
  await s.server.cleanup();
});

describe('co-editing socket', () => {
  it('gives both editors the page text and keeps them identical while both type', async () => {
    const page = await createPage(s.admin, '/coedit/shared', 'Hello');
    const ada = await connect(s.admin.cookie, page._id);
    const bob = await connect(s.bob.cookie, page._id);
    expect(ada.text.toString()).toBe('Hello');
    expect(bob.text.toString()).toBe('Hello');

    for (let i = 0; i < 20; i++) {
      ada.type(0, 'a');
      bob.type(bob.text.length, 'b');
    }
    const expected = `${'a'.repeat(20)}Hello${'b'.repeat(20)}`;
    await ada.until(() => ada.text.toString() === expected, 'ada converged');
    await bob.until(() => bob.text.toString() === expected, 'bob converged');
    expect(ada.messages[0]).toMatchObject({
      type: 'status',
      status: 'synced',
      baseRevisionId: page.revision._id,
    });
  });

  it('keeps ten editors typing at random places at once converged', async () => {
    const page = await createPage(s.admin, '/coedit/ten', 'seed');
    const editors = await Promise.all(Array.from({ length: 10 }, () => connect(s.admin.cookie, page._id)));
    for (let round = 0; round < 15; round++) {
      editors.forEach((editor, i) => {
        editor.type(Math.floor(Math.random() * (editor.text.length + 1)), String.fromCharCode(65 + i));
      });
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const total = 'seed'.length + 10 * 15;
    for (const editor of editors) await editor.until(() => editor.text.length === total, 'every keystroke');
    const texts = new Set(editors.map((editor) => editor.text.toString()));
    expect(texts.size).toBe(1);
    for (let i = 0; i < 10; i++) {
      expect(
        [...(editors[0]?.text.toString() ?? '')].filter((c) => c === String.fromCharCode(65 + i)),
      ).toHaveLength(15);
    }
  });

  it('shows each editor under the name the server knows, whatever the client claims', async () => {
    const page = await createPage(s.admin, '/coedit/presence', 'x');
    const ada = await connect(s.admin.cookie, page._id);
    const bob = await connect(s.bob.cookie, page._id);
    bob.setPresence({ user: { name: 'Mallory', color: 'red' }, cursor: null });
    await ada.until(() => ada.awareness.getStates().has(bob.doc.clientID), 'bob present');
    expect(ada.awareness.getStates().get(bob.doc.clientID)?.user).toMatchObject({
      name: 'Bob',
      username: 'bob',
    });

    const status = await s.admin.get(`/_api/v3/coedit/${page._id}/status`);
    expect(
      status
        .json()
        .editors.map((u: { username: string }) => u.username)
        .sort(),
    ).toEqual(['admin', 'bob']);

    bob.close();
    await ada.until(() => !ada.awareness.getStates().has(bob.doc.clientID), 'bob gone');
  });

  it('refuses guests, people who may not edit the page, and other sites at the upgrade', async () => {
    const page = await createPage(s.admin, '/coedit/private', 'secret');
    s.server.app.ctx.db.$client
      .prepare('UPDATE pages SET "grant" = ? WHERE id = ?')
      .run(GRANT.owner, page._id);
    const ws = `${s.url.replace('http', 'ws')}/_api/v3/coedit/${page._id}`;

    await expect(openSocket(ws)).rejects.toThrow('refused with 401');
    await expect(openSocket(ws, { cookie: s.bob.cookie })).rejects.toThrow('refused with 404');
    await expect(openSocket(ws, { cookie: s.admin.cookie, origin: 'http://evil.example' })).rejects.toThrow(
      'refused with 403',
    );
    const sameSite = await connect(s.admin.cookie, page._id, s.url);
    expect(sameSite.text.toString()).toBe('secret');
  });

  it('closes the socket of an editor whose session ends, at the next message', async () => {
    const page = await createPage(s.admin, '/coedit/logout', 'text');
    await createUser(s.server.app, 'carol');
    const carol = await signIn(s.server.app, 'carol');
    const ada = await connect(s.admin.cookie, page._id);
    const client = await connect(carol.cookie, page._id);
    expect((await carol.post('/_api/v3/logout')).statusCode).toBe(200);

    client.type(0, 'typed after logout ');
    expect(await client.closed()).toBe(SOCKET_CLOSE.forbidden);
    // Nothing of it reached the others.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(ada.text.toString()).toBe('text');
  });

  it('closes every session of a page moved to the trash', async () => {
    const page = await createPage(s.admin, '/coedit/doomed', 'bye');
    const bob = await connect(s.bob.cookie, page._id);
    const res = await s.admin.post('/_api/v3/pages/delete', {
      pageIdToRevisionIdMap: { [page._id]: page.revision._id },
    });
    expect(res.statusCode).toBe(200);
    expect(await bob.closed()).toBe(SOCKET_CLOSE.pageGone);
  });
});
