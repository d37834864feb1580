// A co-edited draft is written as what changed since the last write, and whole only every so often
// and when its base revision changes; whatever was written loads back as the same text.
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { applyStored, DraftWriter } from '../../src/server/modules/coedit/draft-writer';
import { CoeditStore } from '../../src/server/modules/coedit/store';
import { COEDIT_TEXT } from '../../src/shared/coedit-protocol';
import type { Page } from '../../src/shared/api-types';
import { install, startTestServer, type TestServer } from '../helpers/server';
import { createPage } from '../helpers/coedit-server';

let server: TestServer;
let store: CoeditStore;
let page: Page;
beforeEach(async () => {
  server = await startTestServer();
  const admin = await install(server.app);
  page = await createPage(admin, '/drafts/writer', 'Saved.');
  store = new CoeditStore(server.app.ctx.db, path.join(server.dataDir, 'quire.db'));
});
afterEach(async () => {
  store.close();
  await server.cleanup();
});

const appendedRows = () =>
  (
    server.app.ctx.db.$client
      .prepare('SELECT count(*) AS n FROM coedit_updates WHERE page_id = ?')
      .get(page._id) as { n: number }
  ).n;

/** A fresh document loaded from the database: what a restarted server would see. */
function loaded(): string {
  const stored = store.load(page._id);
  if (!stored) throw new Error('no draft stored');
  const doc = new Y.Doc();
  applyStored(doc, stored);
  return doc.getText(COEDIT_TEXT).toString();
}

describe('the co-edited draft writer', () => {
  it('appends each write’s changes and writes the whole document every hundred writes', () => {
    const doc = new Y.Doc();
    const text = doc.getText(COEDIT_TEXT);
    const writer = new DraftWriter(page._id, doc, store, null);
    const base = page.revision._id;
    text.insert(0, 'Saved.');
    writer.write(base, []);
    expect(appendedRows()).toBe(0); // the first write is whole
    for (let i = 1; i <= 100; i++) {
      text.insert(text.length, ` ${i}`);
      text.insert(0, '>'); // two changes, one appended update
      writer.write(base, ['u1']);
      expect(appendedRows()).toBe(i);
    }
    expect(loaded()).toBe(text.toString());
    text.insert(text.length, ' whole');
    writer.write(base, ['u1']);
    expect(appendedRows()).toBe(0);
    expect(loaded()).toBe(text.toString());
    // Loaded from what was written, a writer goes on appending after the stored updates.
    text.insert(0, 'x');
    writer.write(base, ['u1']);
    const again = new Y.Doc();
    const stored = store.load(page._id)!;
    applyStored(again, stored);
    const next = new DraftWriter(page._id, again, store, stored);
    again.getText(COEDIT_TEXT).insert(0, 'y');
    next.write(base, ['u1']);
    expect(appendedRows()).toBe(2);
    expect(loaded()).toBe(`y${text.toString()}`);
  });

  it('writes whole when the base revision changes, and who typed even without a change', () => {
    const doc = new Y.Doc();
    const writer = new DraftWriter(page._id, doc, store, null);
    doc.getText(COEDIT_TEXT).insert(0, 'Saved.');
    writer.write(page.revision._id, []);
    doc.getText(COEDIT_TEXT).insert(6, ' More.');
    writer.write(page.revision._id, ['u1']);
    expect(appendedRows()).toBe(1);
    writer.write('another-revision', []);
    expect(appendedRows()).toBe(0);
    expect(store.load(page._id)).toMatchObject({ baseRevisionId: 'another-revision', editorIds: [] });
    writer.write('another-revision', ['u2']);
    expect(appendedRows()).toBe(0);
    expect(store.load(page._id)?.editorIds).toEqual(['u2']);
  });

  it('keeps the changes of a write the database refused for the next one', () => {
    const doc = new Y.Doc();
    const text = doc.getText(COEDIT_TEXT);
    const writer = new DraftWriter(page._id, doc, store, null);
    text.insert(0, 'Saved.');
    writer.write(page.revision._id, []);
    const append = store.append.bind(store);
    store.append = () => {
      throw Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
    };
    text.insert(6, ' Kept.');
    expect(() => writer.write(page.revision._id, ['u1'])).toThrow('disk is full');
    store.append = append;
    text.insert(0, '> ');
    writer.write(page.revision._id, ['u1']);
    expect(loaded()).toBe('> Saved. Kept.');
  });

  it('writes whole when the document’s row went from under it (its page was made again)', () => {
    const doc = new Y.Doc();
    const text = doc.getText(COEDIT_TEXT);
    const writer = new DraftWriter(page._id, doc, store, null);
    text.insert(0, 'Saved.');
    writer.write(page.revision._id, []);
    server.app.ctx.db.$client.prepare('DELETE FROM coedit_docs WHERE page_id = ?').run(page._id);
    text.insert(6, ' Again.');
    writer.write(page.revision._id, ['u1']);
    expect(loaded()).toBe('Saved. Again.');
    expect(appendedRows()).toBe(0);
  });
});
