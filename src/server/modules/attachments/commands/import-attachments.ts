// The attachments module's commands for an archive import (issue 31: the import writes attachment
// rows only through here; their bytes go through the storage in use after the commit).
import type Database from 'better-sqlite3';

export interface ImportedAttachment {
  id: string;
  pageId: string;
  creatorId: string | null;
  originalName: string;
  fileFormat: string;
  fileSize: number;
  createdAt: number;
}

export function prepareAttachmentImport(sqlite: Database.Database) {
  const upsert = sqlite.prepare(
    `INSERT INTO attachments (id, page_id, creator_id, original_name, file_format, file_size, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET page_id = excluded.page_id, creator_id = excluded.creator_id,
       original_name = excluded.original_name, file_format = excluded.file_format,
       file_size = excluded.file_size, created_at = excluded.created_at`,
  );
  return {
    /** Rows only: the files left behind are removed by the attachments sweep at the next start. */
    removeAll: () => sqlite.prepare('DELETE FROM attachments').run(),
    saveAttachment: (a: ImportedAttachment) =>
      upsert.run(a.id, a.pageId, a.creatorId, a.originalName, a.fileFormat, a.fileSize, a.createdAt),
  };
}
