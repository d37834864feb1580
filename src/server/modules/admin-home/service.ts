// The admin home's facts about this installation (SPEC §2: system info, environment variables).
// Counts and sizes come from SQLite and a stat of the database files: cheap enough to compute on each
// visit of the screen, and never stale.
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../../db/client';
import type { SearchService } from '../search/service';
import type { DiskWatch } from '../health/disk-watch';
import type { PagesService } from '../pages/service';
import type { UsersService } from '../users/service';
import type { AttachmentsService } from '../attachments/service';
import { FolderSize } from './folder-size';
import { MASKED_VALUE, type AdminHomeParams } from '../../../shared/admin-home-types';
import { version as quireVersion } from '../../../../package.json';

/** Names whose values are never shown: passwords, secrets, tokens, keys, credentials. */
const SECRET_NAME = /PASS|SECRET|TOKEN|KEY|CREDENTIAL|PRIVATE/i;

/** Quire's variables (`QUIRE_*`) that are set, with secret values masked. */
export function describeEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const name of Object.keys(env).sort()) {
    const value = env[name];
    if (!name.startsWith('QUIRE_') || value === undefined) continue;
    vars[name] = SECRET_NAME.test(name) ? MASKED_VALUE : value;
  }
  return vars;
}

function fileSize(file: string): number {
  try {
    return fs.statSync(file).size;
  } catch {
    return 0;
  }
}

export class AdminHomeService {
  private readonly sqliteVersion: string;
  private readonly folder: FolderSize;

  constructor(
    private readonly db: Db,
    private readonly dataDir: string,
    private readonly search: SearchService,
    private readonly env: NodeJS.ProcessEnv,
    private readonly disk: DiskWatch,
    /** The owners of the rows the home counts. */
    private readonly counts: { pages: PagesService; users: UsersService; attachments: AttachmentsService },
  ) {
    this.folder = new FolderSize(dataDir);
    this.sqliteVersion = db.$client.prepare<[], { v: string }>('SELECT sqlite_version() AS v').get()!.v;
  }

  async params(): Promise<AdminHomeParams> {
    const { sqliteVersion } = this;
    const pageCount = this.counts.pages.liveCount();
    const userCount = this.counts.users.count();
    const attachmentsSize = this.counts.attachments.totalSize();
    const dbFile = path.join(this.dataDir, 'quire.db');
    return {
      quireVersion,
      nodeVersion: process.versions.node,
      electronVersion: process.versions.electron ?? null,
      sqliteVersion,
      dataDir: this.dataDir,
      databaseSize: fileSize(dbFile) + fileSize(`${dbFile}-wal`),
      attachmentsSize,
      pageCount,
      userCount,
      searchIndex: this.search.status(),
      envVars: describeEnv(this.env),
      dataFolderSize: await this.folder.bytes(),
      disk: this.disk.check(),
      diskSettings: this.disk.thresholds(),
    };
  }
}
