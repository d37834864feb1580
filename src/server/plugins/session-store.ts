// @fastify/session store backed by the sessions table, so a restart keeps people signed in.
import type { Session } from 'fastify';
import type Database from 'better-sqlite3';

type Callback = (err?: unknown) => void;
type GetCallback = (err: unknown, session?: Session | null) => void;

export class SqliteSessionStore {
  private readonly getStmt: Database.Statement<[string, number], { data: string }>;
  private readonly setStmt: Database.Statement<[string, string, number]>;
  private readonly destroyStmt: Database.Statement<[string]>;
  private readonly pruneStmt: Database.Statement<[number]>;

  constructor(
    sqlite: Database.Database,
    private readonly maxAge: number,
  ) {
    this.getStmt = sqlite.prepare('SELECT data FROM sessions WHERE sid = ? AND expires_at > ?');
    this.setStmt = sqlite.prepare(
      'INSERT INTO sessions (sid, data, expires_at) VALUES (?, ?, ?) ' +
        'ON CONFLICT(sid) DO UPDATE SET data = excluded.data, expires_at = excluded.expires_at',
    );
    this.destroyStmt = sqlite.prepare('DELETE FROM sessions WHERE sid = ?');
    this.pruneStmt = sqlite.prepare('DELETE FROM sessions WHERE expires_at <= ?');
  }

  set(sid: string, session: Session, callback: Callback): void {
    try {
      const expires = session.cookie.expires
        ? new Date(session.cookie.expires).getTime()
        : Date.now() + this.maxAge;
      this.setStmt.run(sid, JSON.stringify(session), expires);
      callback();
    } catch (err) {
      callback(err);
    }
  }

  get(sid: string, callback: GetCallback): void {
    try {
      const row = this.getStmt.get(sid, Date.now());
      callback(null, row ? (JSON.parse(row.data) as Session) : null);
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
