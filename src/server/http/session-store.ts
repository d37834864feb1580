// @fastify/session store backed by the sessions table, so a restart keeps people signed in.
// Sessions read are remembered (a signed-in request would otherwise read its row every time) until
// their row changes or goes, by any statement: a password reset ending every session of a user
// deletes rows directly (db/row-watch.ts).
//
// A full disk (issue 26) must not stop people signing in or out: a session that cannot be written
// is kept in memory (a sign-out as a tombstone) and written at the next write or prune that works.
import type { Session } from 'fastify';
import type Database from 'better-sqlite3';
import { RowMemo } from '../db/row-watch';
import { isDiskFull } from '../lib/disk-full';

type Callback = (err?: unknown) => void;
interface Remembered {
  data: string;
  expiresAt: number;
  /** The signed-in user, for the read routes (session-reader.ts). */
  userId: string | null;
}

const remembered = (data: string, expiresAt: number, userId?: string): Remembered => ({
  data,
  expiresAt,
  userId: userId ?? (JSON.parse(data) as { userId?: string }).userId ?? null,
});
/** Enough for every session of a large team; past it the memory starts over. */
const MAX_REMEMBERED = 20_000;
type GetCallback = (err: unknown, session?: Session | null) => void;

/** Every session of this user ends (a password reset through a mailed link). */
export function endSessionsOf(sqlite: Database.Database, userId: string): void {
  sqlite.prepare("DELETE FROM sessions WHERE json_extract(data, '$.userId') = ?").run(userId);
}

export class SqliteSessionStore {
  private readonly getStmt: Database.Statement<[string, number], { data: string; expiresAt: number }>;
  private readonly setStmt: Database.Statement<[string, string, number]>;
  private readonly destroyStmt: Database.Statement<[string]>;
  private readonly pruneStmt: Database.Statement<[number]>;
  private readonly memo: RowMemo<Remembered>;
  /** Sessions not yet written for lack of space: their data, or null for a sign-out not yet deleted. */
  private readonly unwritten = new Map<string, { data: string; expires: number } | null>();

  constructor(
    sqlite: Database.Database,
    private readonly maxAge: number,
  ) {
    this.getStmt = sqlite.prepare(
      'SELECT data, expires_at AS expiresAt FROM sessions WHERE sid = ? AND expires_at > ?',
    );
    this.setStmt = sqlite.prepare(
      'INSERT INTO sessions (sid, data, expires_at) VALUES (?, ?, ?) ' +
        'ON CONFLICT(sid) DO UPDATE SET data = excluded.data, expires_at = excluded.expires_at',
    );
    this.destroyStmt = sqlite.prepare('DELETE FROM sessions WHERE sid = ?');
    this.pruneStmt = sqlite.prepare('DELETE FROM sessions WHERE expires_at <= ?');
    this.memo = new RowMemo(
      sqlite,
      [{ table: 'sessions', events: ['UPDATE', 'DELETE'], key: 'sid' }],
      MAX_REMEMBERED,
    );
  }

  private live(sid: string): Remembered | undefined {
    const now = Date.now();
    if (this.unwritten.has(sid)) {
      const kept = this.unwritten.get(sid);
      return kept && kept.expires > now ? remembered(kept.data, kept.expires) : undefined;
    }
    const entry = this.memo.get(sid, () => {
      const row = this.getStmt.get(sid, now);
      return row && remembered(row.data, row.expiresAt);
    });
    return entry && entry.expiresAt > now ? entry : undefined;
  }

  /** The user signed in by a live session, without building a session (the read routes). */
  userIdOf(sid: string): string | undefined {
    return this.live(sid)?.userId ?? undefined;
  }

  set(sid: string, session: Session, callback: Callback): void {
    try {
      const expires = session.cookie.expires
        ? new Date(session.cookie.expires).getTime()
        : Date.now() + this.maxAge;
      const data = JSON.stringify(session);
      try {
        this.writeUnwritten();
        this.setStmt.run(sid, data, expires);
        this.unwritten.delete(sid);
      } catch (err) {
        if (!isDiskFull(err)) throw err;
        this.unwritten.set(sid, { data, expires });
      }
      this.memo.put(sid, remembered(data, expires, session.userId));
      callback();
    } catch (err) {
      callback(err);
    }
  }

  /** Writes what a full disk kept in memory; throws (leaving the rest kept) when it still cannot. */
  private writeUnwritten(): void {
    for (const [sid, kept] of this.unwritten) {
      if (kept) this.setStmt.run(sid, kept.data, kept.expires);
      else this.destroyStmt.run(sid);
      this.unwritten.delete(sid);
    }
  }

  get(sid: string, callback: GetCallback): void {
    try {
      const entry = this.live(sid);
      callback(null, entry ? (JSON.parse(entry.data) as Session) : null);
    } catch (err) {
      callback(err);
    }
  }

  destroy(sid: string, callback: Callback): void {
    try {
      try {
        this.destroyStmt.run(sid);
        this.unwritten.delete(sid);
      } catch (err) {
        if (!isDiskFull(err)) throw err;
        this.unwritten.set(sid, null);
      }
      callback();
    } catch (err) {
      callback(err);
    }
  }

  /** Writes sessions a full disk kept in memory, then deletes expired ones; returns how many. */
  prune(): number {
    this.writeUnwritten();
    return this.pruneStmt.run(Date.now()).changes;
  }
}
