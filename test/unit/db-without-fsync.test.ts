// withoutFsync (db/client.ts): the transaction commits without waiting for the disk, and the
// connection is back to synchronous = FULL afterwards — also when the transaction threw — so no
// save that follows is acknowledged before it is on disk.
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { withoutFsync } from '../../src/server/db/client';

const FULL = 2;
const NORMAL = 1;

describe('withoutFsync', () => {
  let sqlite: Database.Database;
  const synchronous = () => sqlite.pragma('synchronous', { simple: true }) as number;
  beforeEach(() => {
    sqlite = new Database(':memory:');
    sqlite.pragma('synchronous = FULL');
    sqlite.exec('CREATE TABLE t (v TEXT)');
  });
  afterEach(() => sqlite.close());

  it('runs the transaction at NORMAL and returns to FULL', () => {
    let during = 0;
    const inserted = withoutFsync(sqlite, () => {
      during = synchronous();
      return sqlite.prepare('INSERT INTO t VALUES (?)').run('kept').changes;
    });
    expect(inserted).toBe(1);
    expect(during).toBe(NORMAL);
    expect(synchronous()).toBe(FULL);
  });

  it('returns to FULL when the transaction fails, and its error reaches the caller', () => {
    const failing = sqlite.transaction(() => {
      sqlite.prepare('INSERT INTO t VALUES (?)').run('rolled back');
      throw new Error('disk full');
    });
    expect(() => withoutFsync(sqlite, failing)).toThrow('disk full');
    expect(synchronous()).toBe(FULL);
    expect(sqlite.prepare('SELECT count(*) AS n FROM t').get()).toEqual({ n: 0 });
  });
});
