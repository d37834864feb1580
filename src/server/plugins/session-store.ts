// @fastify/session store backed by the sessions table, so a restart keeps people signed in.
// Sessions read are remembered (a signed-in request would otherwise read its row every time) until
// their row changes or goes, by any statement: a password reset ending every session of a user
// deletes rows directly (db/row-watch.ts).
import type { Session } from 'fastify';
import type Database from 'better-sqlite3';
import { RowMemo } from '../db/row-watch';

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

export class SqliteSessionStore {
  private readonly getStmt: Database.Statement<[string, number], { data: string; expiresAt: number }>;
  private readonly setStmt: Database.Statement<[string, string, number]>;
  private readonly destroyStmt: Database.Statement<[string]>;
  private readonly pruneStmt: Database.Statement<[number]>;
  private readonly memo: RowMemo<Remembered>;

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
      this.setStmt.run(sid, data, expires);
      this.memo.put(sid, remembered(data, expires, session.userId));
      callback();
    } catch (err) {
      callback(err);
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
      this.destroyStmt.run(sid);
      callback();
    } catch (err) {
      callback(err);
    }
  }

  /** Deletes expired sessions; returns how many. */
  prune(): number {
    return this.pruneStmt.run(Date.now()).changes;
  }
}
