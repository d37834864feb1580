// The audit log: records what the rules name (when the admin's switch is on), searches it, and
// prunes entries past the retention period once an hour.
import type { Db } from '../../db/client';
import type { SettingsService } from '../settings/service';
import type { AuditLogPage, AuditLogSettings, AuditSearchFilter } from '../../../shared/audit-types';
import type { StoredAuditEntry } from './store';
import { AuditStore, type AuditRecord } from './store';

const HOUR_MS = 3_600_000;
/** Audit entries kept in memory while the disk is full (issue 26). */
const MAX_UNWRITTEN = 10_000;

export class AuditLogService {
  private readonly store: AuditStore;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    db: Db,
    private readonly settings: SettingsService,
  ) {
    this.store = new AuditStore(db);
  }

  isEnabled(): boolean {
    return this.settings.get('app:auditLogEnabled');
  }

  /** `always`: written even while the log is off (the recorder decides, e.g. switching it off). */
  /**
   * Writes an entry; one that cannot be written (a full disk, issue 26) is kept, with its time, and
   * written before the next one — or at the hourly prune — so who did what is not lost. Never
   * throws: it runs after the response was sent. Up to MAX_UNWRITTEN are kept; beyond, the oldest go.
   */
  record(entry: AuditRecord, always = false): void {
    if (!always && !this.isEnabled()) return;
    if (this.unwritten.length >= MAX_UNWRITTEN) this.unwritten.shift();
    this.unwritten.push({ entry, at: Date.now() });
    this.writeUnwritten();
  }

  private writeUnwritten(): void {
    try {
      while (this.unwritten.length > 0) {
        const { entry, at } = this.unwritten[0]!;
        this.store.add(entry, at);
        this.unwritten.shift();
      }
    } catch (err) {
      this.failed(err);
    }
  }

  private readonly unwritten: { entry: AuditRecord; at: number }[] = [];
  private failed: (err: unknown) => void = () => {};

  /** Usernames recorded in the log (GROWI's "activity snapshot users"), for admins' filters. */
  usernames(text: string, offset: number, limit: number): { usernames: string[]; totalCount: number } {
    return this.store.usernames(text, offset, limit);
  }

  search(filter: AuditSearchFilter, limit: number, offset: number): AuditLogPage<StoredAuditEntry> {
    return this.store.search(filter, limit, offset);
  }

  settingsView(): AuditLogSettings {
    return {
      auditLogEnabled: this.isEnabled(),
      auditLogRetentionDays: this.settings.get('app:auditLogRetentionDays'),
    };
  }

  update(input: AuditLogSettings): AuditLogSettings {
    this.settings.set('app:auditLogEnabled', input.auditLogEnabled);
    this.settings.set('app:auditLogRetentionDays', input.auditLogRetentionDays);
    this.prune();
    return this.settingsView();
  }

  prune(now = Date.now()): number {
    return this.store.prune(this.settings.get('app:auditLogRetentionDays'), now);
  }

  /**
   * Prunes now and every hour; the timer never keeps the process alive. A prune that cannot write
   * (a full disk, issue 26) is told to `failed` and simply happens at the next hour.
   */
  start(failed: (err: unknown) => void = () => {}): void {
    this.failed = failed;
    const prune = () => {
      this.writeUnwritten();
      try {
        this.prune();
      } catch (err) {
        failed(err);
      }
    };
    prune();
    this.timer = setInterval(prune, HOUR_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
