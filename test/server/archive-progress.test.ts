// Export and import progress reach administrators over the live socket, with GROWI's event names;
// other users hear nothing of it.
import type WebSocket from 'ws';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { messagesOf, type LiveServerFrame } from '../../src/shared/realtime-types';
import { ARCHIVE_EVENTS } from '../../src/shared/archive-types';
import { newSocket, opened } from '../helpers/coedit-client';
import { createPage, startListening, type ListeningServer } from '../helpers/coedit-server';
import { exportZip, importZip } from '../helpers/archive-flow';

let s: ListeningServer;
beforeEach(async () => {
  s = await startListening();
});
afterEach(async () => {
  await s.server.cleanup();
});

async function listenTo(
  cookie: string,
): Promise<{ socket: WebSocket; events: string[]; payloads: unknown[] }> {
  const socket = newSocket(`${s.url.replace('http', 'ws')}/_api/v3/events`, { cookie });
  const events: string[] = [];
  const payloads: unknown[] = [];
  socket.on('message', (data) => {
    for (const message of messagesOf(JSON.parse(String(data)) as LiveServerFrame)) {
      if (message.type !== 'admin') continue;
      events.push(message.event);
      payloads.push(message.payload);
    }
  });
  await opened(socket);
  return { socket, events, payloads };
}

/** Waits for the live events frame that carries what `done` looks for (frames gather 250 ms). */
async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 50));
}

describe('archive progress events', () => {
  it('tell admins about export and import steps, and nobody else', async () => {
    for (let i = 0; i < 3; i++) await createPage(s.admin, `/progress/${i}`, `body ${i}`);
    const admin = await listenTo(s.admin.cookie);
    const bob = await listenTo(s.bob.cookie);
    const zip = await exportZip(s.server, s.admin, ['pages', 'revisions']);
    await until(() => admin.events.includes(ARCHIVE_EVENTS.exportTerminate));
    expect(admin.events).toEqual([
      ARCHIVE_EVENTS.exportProgress,
      ARCHIVE_EVENTS.exportProgress,
      ARCHIVE_EVENTS.exportZipping,
      ARCHIVE_EVENTS.exportTerminate,
    ]);
    expect(admin.payloads[1]).toMatchObject({
      // The root, the /progress placeholder and 3 pages; 4 revisions (placeholders have none).
      currentCount: 9,
      totalCount: 9,
      progressList: [
        { collectionName: 'pages', currentCount: 5, totalCount: 5 },
        { collectionName: 'revisions', currentCount: 4, totalCount: 4 },
      ],
    });
    expect(admin.payloads[3]).toMatchObject({
      addedZipFileStat: { fileName: expect.stringMatching(/\.growi\.zip$/) },
    });

    admin.events.length = 0;
    admin.payloads.length = 0;
    // Into the same wiki: pages upsert (modified), revisions insert (all exist: skipped, "failed").
    const outcome = await importZip(s.server, s.admin, zip, ['pages', 'revisions']);
    expect(outcome.ok).toBe(true);
    await until(() => admin.events.at(-1) === ARCHIVE_EVENTS.importTerminate);
    expect(admin.events.at(-1)).toBe(ARCHIVE_EVENTS.importTerminate);
    const last = admin.payloads.filter((_, i) => admin.events[i] === ARCHIVE_EVENTS.importProgress).at(-1);
    expect(last).toMatchObject({
      collectionName: 'revisions',
      collectionProgress: { collectionName: 'revisions', totalCount: 4, insertedCount: 0, failedCount: 4 },
    });
    expect(bob.events).toEqual([]);
    admin.socket.close();
    bob.socket.close();
  });
});
