// Page id ↔ document id without a string per page: it answers as the Map it replaces, through
// thousands of sets and deletes (which move entries within the table), for any kind of id.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PageIdTable } from '../../src/server/modules/search/page-ids';

describe('page id table', () => {
  it('finds each page by id and each id by page, as a Map would, through sets and deletes', () => {
    const table = new PageIdTable();
    const byPage = new Map<string, number>();
    const ids = Array.from({ length: 3000 }, (_, i) =>
      i % 10 === 0 ? `page-${i}` : randomBytes(12).toString('hex'),
    );
    let next = 1;
    // A fixed walk: set every id, delete a third, set some again under new document ids.
    ids.forEach((id) => {
      table.set(id, next);
      byPage.set(id, next++);
    });
    ids.forEach((id, i) => {
      if (i % 3 !== 0) return;
      expect(table.delete(id)).toBe(byPage.get(id));
      byPage.delete(id);
    });
    ids.forEach((id, i) => {
      if (i % 6 !== 0 && i % 7 !== 0) return;
      table.set(id, next);
      byPage.set(id, next++);
    });
    expect(table.size).toBe(byPage.size);
    for (const id of ids) expect(table.docIdOf(id)).toBe(byPage.get(id));
    for (const [id, docId] of byPage) expect(table.pageIdOf(docId)).toBe(id);
    expect(new Map(table.entries())).toEqual(byPage);
    expect(table.delete(ids[3] as string)).toBeUndefined();
  });

  it('forgets a page by its document id, but not once the page has a newer one', () => {
    const table = new PageIdTable();
    const hex = 'abcdef0123456789abcdef01';
    for (const id of [hex, 'p1']) {
      table.set(id, 1);
      table.set(id, 2); // the page changed: a new document id
      table.forgetDoc(1);
      expect(table.docIdOf(id)).toBe(2);
      table.forgetDoc(2);
      expect(table.docIdOf(id)).toBeUndefined();
    }
    expect(table.size).toBe(0);
  });

  it('keeps ids that are not lower-case hex as they are', () => {
    const table = new PageIdTable();
    const upper = 'ABCDEF0123456789ABCDEF01';
    table.set(upper, 7);
    table.set(upper.toLowerCase(), 8);
    expect([table.pageIdOf(7), table.pageIdOf(8)]).toEqual([upper, upper.toLowerCase()]);
    expect(table.docIdOf(upper)).toBe(7);
    expect(table.docIdOf('0'.repeat(24))).toBeUndefined();
  });
});
