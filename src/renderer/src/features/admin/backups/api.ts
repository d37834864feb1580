// Calls of the backups API used by the admin screen.
import type {
  BackupCreatedResponse,
  BackupListResponse,
  BackupRestoreResponse,
} from '../../../../../shared/backup-types';
import { api } from '../../../api/client';

export const listBackups = () => api.get<BackupListResponse>('/_api/v3/backups').then((r) => r.backups);

export const backUpNow = () => api.post<BackupCreatedResponse>('/_api/v3/backups').then((r) => r.backup);

export const restoreBackup = (name: string) =>
  api.post<BackupRestoreResponse>(`/_api/v3/backups/${encodeURIComponent(name)}/restore`);

export const backupDownloadUrl = (name: string) => `/_api/v3/backups/${encodeURIComponent(name)}`;

/** Resolves once the restarted server answers its healthcheck again (or after about a minute). */
export async function waitForServer(): Promise<void> {
  for (let i = 0; i < 120; i++) {
    await new Promise((r) => setTimeout(r, 500));
    try {
      const res = await fetch('/_api/v3/healthcheck', { cache: 'no-store' });
      if (res.ok) return;
    } catch {
      // still restarting
    }
  }
}

/** 1234567 → "1.2 MB" */
export function formatSize(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${units[unit]}`;
}
