// The audit_logs table: one row per recorded action, searched newest first by user, action and
// date, and pruned after the configured number of days.
import { asc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLogs } from '../../db/schema-operations';
import { like } from '../../lib/like';
import { newId } from '../../lib/ids';
import type {
  AuditAction,
  AuditLogEntry,
  AuditLogPage,
  AuditSearchFilter,
} from '../../../shared/audit-types';

export interface AuditRecord {
  action: AuditAction;
  userId: string | null;
  username: string | null;
  target: string | null;
  ip: string | null;
}

interface Row {
  id: string;
  created_at: number;
  user_id: string | null;
  username: string | null;
  action: AuditAction;
  target: string | null;
  ip: string | null;
}

const DAY_MS = 86_400_000;

/** An entry as the log keeps it: the user by id (the route gives GROWI's populated user). */
export type StoredAuditEntry = Omit<AuditLogEntry, 'user'> & { user: string | null };

export class AuditStore {
  constructor(private readonly db: Db) {}

  add(record: AuditRecord, at = Date.now()): void {
    this.db.$client
      .prepare(
        'INSERT INTO audit_logs (id, created_at, user_id, username, action, target, ip) VALUES (?, ?, ?, ?, ?, ?, ?)',
      )
      .run(
        newId(),
        at,
        record.userId,
        record.username,
        record.action,
        record.target?.slice(0, 2000) ?? null,
        record.ip,
      );
  }

  /** Usernames the log holds that contain `text` (any case), in name order, one window of them. */
  usernames(text: string, offset: number, limit: number): { usernames: string[]; totalCount: number } {
    const named = this.db
      .selectDistinct({ username: auditLogs.username })
      .from(auditLogs)
      .where(like(auditLogs.username, text))
      .as('named');
    const usernames = this.db
      .select({ username: named.username })
      .from(named)
      .orderBy(asc(named.username))
      .limit(limit)
      .offset(offset)
      .all()
      .flatMap((row) => (row.username === null ? [] : [row.username]));
    const totalCount =
      this.db
        .select({ n: sql<number>`count(*)` })
        .from(named)
        .get()?.n ?? 0;
    return { usernames, totalCount };
  }

  search(filter: AuditSearchFilter, limit: number, offset: number): AuditLogPage<StoredAuditEntry> {
    const where: string[] = [];
    const params: (string | number)[] = [];
    if (filter.usernames?.length) {
      where.push(`username IN (${filter.usernames.map(() => '?').join(', ')})`);
      params.push(...filter.usernames);
    }
    if (filter.actions?.length) {
      where.push(`action IN (${filter.actions.map(() => '?').join(', ')})`);
      params.push(...filter.actions);
    }
    const start = filter.dates?.startDate ? Date.parse(filter.dates.startDate) : NaN;
    const end = filter.dates?.endDate ? Date.parse(filter.dates.endDate) : NaN;
    if (!Number.isNaN(start)) {
      where.push('created_at >= ?');
      params.push(start);
    }
    if (!Number.isNaN(end)) {
      // A date alone means that whole day.
      where.push('created_at < ?');
      params.push(/^\d{4}-\d{2}-\d{2}$/.test(filter.dates?.endDate ?? '') ? end + DAY_MS : end + 1);
    }
    const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const sqlite = this.db.$client;
    const totalDocs = (
      sqlite.prepare(`SELECT count(*) AS n FROM audit_logs ${clause}`).get(...params) as { n: number }
    ).n;
    const rows = sqlite
      .prepare(`SELECT * FROM audit_logs ${clause} ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`)
      .all(...params, limit, offset) as Row[];
    const page = Math.floor(offset / limit) + 1;
    const totalPages = Math.max(1, Math.ceil(totalDocs / limit));
    return {
      serializedPaginationResult: {
        docs: rows.map((r): StoredAuditEntry => ({
          _id: r.id,
          createdAt: new Date(r.created_at).toISOString(),
          user: r.user_id,
          // GROWI leaves out what an activity does not have (its model requires only the action).
          snapshot: r.username === null ? {} : { username: r.username },
          action: r.action,
          ...(r.target === null ? {} : { target: r.target }),
          ...(r.ip === null ? {} : { ip: r.ip }),
        })),
        totalDocs,
        limit,
        offset,
        page,
        totalPages,
        hasPrevPage: page > 1,
        hasNextPage: page < totalPages,
      },
    };
  }

  /** Removes entries older than `days` days; how many went. */
  prune(days: number, now = Date.now()): number {
    return this.db.$client.prepare('DELETE FROM audit_logs WHERE created_at < ?').run(now - days * DAY_MS)
      .changes;
  }
}
