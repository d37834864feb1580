// The audit log: records what the rules name (when the admin's switch is on), searches it, and
// prunes entries past the retention period once an hour.
import type { Db } from '../../db/client';
import type { SettingsService } from '../settings/service';
import type { AuditLogPage, AuditLogSettings, AuditSearchFilter } from '../../../shared/audit-types';
import { AuditStore, type AuditRecord } from './store';

const HOUR_MS = 3_600_000;

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
  record(entry: AuditRecord, always = false): void {
    if (always || this.isEnabled()) this.store.add(entry);
  }

  search(filter: AuditSearchFilter, limit: number, offset: number): AuditLogPage {
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

  /** Prunes now and every hour; the timer never keeps the process alive. */
  start(): void {
    this.prune();
    this.timer = setInterval(() => this.prune(), HOUR_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
