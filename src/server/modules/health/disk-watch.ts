// Watches the free space of the data folder's disk (issue 26), so the host is told before and while
// it fills: below the admin's threshold the condition is `low` (a banner for admins, a desktop
// notification), below the floor — or right after a write failed for lack of space — it is `full`,
// and uploads, imports, exports and backups are refused before they start instead of failing
// half-way. Reads, search, sign-in and co-editing never ask here.
import fs from 'node:fs';
import { diskFullError } from '../../lib/disk-full';
import type { DiskCondition, DiskSettings, DiskSpace } from '../../../shared/disk-types';
import type { SettingsService } from '../settings/service';

const MB = 1024 * 1024;
/** How often the disk is looked at without anything happening. */
export const DISK_CHECK_MS = 30_000;
/** A write refused for lack of space counts as `full` this long, whatever statfs says (quotas). */
const FULL_AFTER_FAILURE_MS = 30_000;

export type StatFs = (dir: string) => { bavail: number; blocks: number; bsize: number };

export class DiskWatch {
  private last: DiskSpace | null = null;
  private failedAt = 0;
  private freeAtFailure = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly dataDir: string,
    private readonly settings: SettingsService,
    private readonly onChange: (space: DiskSpace) => void,
    private readonly statfs: StatFs = (dir) => fs.statfsSync(dir),
    private readonly now: () => number = Date.now,
  ) {}

  /** Looks at the disk now; tells `onChange` when the condition changed. */
  check(): DiskSpace {
    let freeBytes = Number.MAX_SAFE_INTEGER;
    let totalBytes = Number.MAX_SAFE_INTEGER;
    try {
      const stat = this.statfs(this.dataDir);
      freeBytes = stat.bavail * stat.bsize;
      totalBytes = stat.blocks * stat.bsize;
    } catch {
      // A file system that cannot say (some network mounts) is never reported low.
    }
    const warnBytes = Math.max(
      this.settings.get('app:diskWarnMb') * MB,
      (this.settings.get('app:diskWarnPercent') / 100) * totalBytes,
    );
    const floorBytes = this.settings.get('app:diskFloorMb') * MB;
    // Until the disk has gained room since the failure (freed space ends it at once).
    const justFailed =
      this.now() - this.failedAt < FULL_AFTER_FAILURE_MS && freeBytes < this.freeAtFailure + floorBytes;
    const condition: DiskCondition =
      justFailed || freeBytes < floorBytes ? 'full' : freeBytes < warnBytes ? 'low' : 'ok';
    const space = { condition, freeBytes, totalBytes, warnBytes, floorBytes };
    const changed = this.last?.condition !== condition;
    this.last = space;
    if (changed) this.onChange(space);
    return space;
  }

  /** The admin's thresholds (the admin home shows and changes them). */
  thresholds(): DiskSettings {
    return {
      diskWarnMb: this.settings.get('app:diskWarnMb'),
      diskWarnPercent: this.settings.get('app:diskWarnPercent'),
      diskFloorMb: this.settings.get('app:diskFloorMb'),
    };
  }

  /** New thresholds, validated by the route; the disk is looked at again under them at once. */
  setThresholds({ diskWarnMb, diskWarnPercent, diskFloorMb }: DiskSettings): void {
    this.settings.set('app:diskWarnMb', diskWarnMb);
    this.settings.set('app:diskWarnPercent', diskWarnPercent);
    this.settings.set('app:diskFloorMb', diskFloorMb);
    this.check();
  }

  /** The last look (looking now when there was none). */
  get space(): DiskSpace {
    return this.last ?? this.check();
  }

  /** A write just failed for lack of space: the condition is `full` until the disk has room again. */
  sawDiskFull(): void {
    this.failedAt = this.now();
    this.freeAtFailure = this.last?.freeBytes ?? 0;
    this.check();
    this.freeAtFailure = this.last?.freeBytes ?? 0;
  }

  /**
   * Refuses, with 507 `disk_full`, work that writes a lot when the disk is below its floor or
   * would be after `bytes` more: uploads, imports, exports, backups.
   */
  assertRoom(bytes = 0): void {
    const space = this.check();
    if (space.condition === 'full' || space.freeBytes - bytes < space.floorBytes) throw diskFullError();
  }

  start(intervalMs = DISK_CHECK_MS): void {
    this.check();
    this.timer = setInterval(() => this.check(), intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
