// The notification outbox survives SIGKILL: saves acknowledged before the kill all notify the
// subscriber after a restart, each exactly once (one outbox row per save, one merged notification
// per page), and undelivered rows from before the kill are delivered.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import type { InviteResponse } from '../../src/shared/account-types';
import { makeDataDir } from '../helpers/server';
import { HttpAgent, spawnServer, waitForExit, type ServerProcess } from '../helpers/process';

const dataDir = makeDataDir();
let running: ServerProcess | null = null;

afterAll(async () => {
  if (running && running.child.exitCode === null) {
    running.child.kill('SIGKILL');
    await waitForExit(running.child);
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function json<T>(res: Response): Promise<T> {
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  return (await res.json()) as T;
}

/** A second account: invited by the admin, profile completed, signed in. */
async function invitedUser(admin: HttpAgent, url: string): Promise<HttpAgent> {
  const invite = await json<InviteResponse>(
    await admin.call('POST', '/_api/v3/users/invite', {
      shapedEmailList: ['bob@example.com'],
      sendEmail: false,
    }),
  );
  const bob = new HttpAgent(url);
  await json(
    await bob.call('POST', '/_api/v3/login', {
      username: 'bob@example.com',
      password: invite.createdUserList[0]!.password,
    }),
  );
  await json(
    await bob.call('POST', '/_api/v3/invited', {
      invitedForm: { username: 'bob', name: 'Bob', password: 'secret12' },
    }),
  );
  return bob;
}

describe('notification outbox durability', () => {
  it('loses no notification and sends none twice when the server is killed mid-work', async () => {
    running = await spawnServer(['--data-dir', dataDir, '--port', '0']);
    const admin = new HttpAgent(running.url);
    await json(
      await admin.call('POST', '/_api/v3/installer', {
        username: 'admin',
        name: 'Admin',
        email: 'admin@example.com',
        password: 'secret1',
        lang: 'en_US',
      }),
    );
    const bob = await invitedUser(admin, running.url);
    // The admin creates 20 pages and so subscribes to them; bob saves them over and over.
    const pages: { _id: string; revision: { _id: string } }[] = [];
    for (let i = 0; i < 20; i++) {
      const created = await admin.call('POST', '/_api/v3/page', { path: `/durable/p${i}`, body: 'v0' });
      pages.push((await json<{ page: { _id: string; revision: { _id: string } } }>(created)).page);
    }
    const savedPages = new Set<string>();
    let savedCount = 0;
    let stop = false;
    const writer = async (page: (typeof pages)[number]) => {
      let revisionId = page.revision._id;
      for (let i = 1; !stop && i < 200; i++) {
        try {
          const res = await bob.call('PUT', '/_api/v3/page', { pageId: page._id, revisionId, body: `v${i}` });
          if (res.status !== 200) return;
          revisionId = ((await res.json()) as { page: { revision: { _id: string } } }).page.revision._id;
          savedPages.add(page._id);
          savedCount++;
        } catch {
          return; // the connection died with the server
        }
      }
    };
    const writers = Promise.all(pages.map(writer));
    while (savedCount < 60) await new Promise((r) => setTimeout(r, 10));
    running.child.kill('SIGKILL');
    stop = true;
    await waitForExit(running.child);
    await writers;

    running = await spawnServer(['--data-dir', dataDir, '--port', '0']);
    const again = new HttpAgent(running.url);
    again.cookie = admin.cookie;
    // Everything waiting is delivered after the start.
    await expect
      .poll(
        async () =>
          (await json<{ pendingCount: number }>(await again.call('GET', '/_api/v3/notification-outbox')))
            .pendingCount,
        { timeout: 20_000 },
      )
      .toBe(0);
    const { count } = await json<{ count: number }>(
      await again.call('GET', '/_api/v3/in-app-notification/status'),
    );
    running.child.kill('SIGTERM');
    expect(await waitForExit(running.child)).toBe(0);

    const db = new Database(path.join(dataDir, 'quire.db'), { readonly: true });
    try {
      // Every save by bob that reached the database (acknowledged or not) has exactly one row, delivered.
      const saves = db
        .prepare(`SELECT r.id FROM revisions r JOIN users u ON u.id = r.author_id WHERE u.username = 'bob'`)
        .all() as { id: string }[];
      expect(saves.length).toBeGreaterThanOrEqual(savedCount);
      const rows = db
        .prepare("SELECT source_key, sent_at FROM notification_outbox WHERE source_key LIKE 'revision:%'")
        .all() as { source_key: string; sent_at: number | null }[];
      expect(rows.map((r) => r.source_key).sort()).toEqual(saves.map((s) => `revision:${s.id}`).sort());
      expect(rows.every((r) => r.sent_at !== null)).toBe(true);
      // One notification per page bob saved, naming bob once.
      const notes = db
        .prepare(
          `SELECT n.target_page_id AS pageId, n.action_user_ids AS actors FROM in_app_notifications n
           JOIN users u ON u.id = n.user_id WHERE u.username = 'admin'`,
        )
        .all() as { pageId: string; actors: string }[];
      const pagesWithSaves = new Set(
        (
          db
            .prepare(
              `SELECT DISTINCT r.page_id AS pageId FROM revisions r JOIN users u ON u.id = r.author_id
               WHERE u.username = 'bob'`,
            )
            .all() as { pageId: string }[]
        ).map((r) => r.pageId),
      );
      for (const pageId of savedPages) expect(pagesWithSaves.has(pageId)).toBe(true);
      expect(notes.map((n) => n.pageId).sort()).toEqual([...pagesWithSaves].sort());
      for (const note of notes) expect(JSON.parse(note.actors)).toHaveLength(1);
      expect(count).toBe(notes.length);
    } finally {
      db.close();
    }
  }, 90_000);
});
