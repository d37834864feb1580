// The share links module's commands for an archive import (issue 31: the import writes share links
// only through here), prepared once on the import's connection.
import type Database from 'better-sqlite3';

export interface ImportedShareLink {
  id: string;
  pageId: string;
  creatorId: string | null;
  expiredAt: number | null;
  description: string;
  createdAt: number;
}

export function prepareShareLinkImport(sqlite: Database.Database) {
  const upsert = sqlite.prepare(
    `INSERT INTO share_links (id, page_id, creator_id, expired_at, description, created_at) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET page_id = excluded.page_id, creator_id = excluded.creator_id,
       expired_at = excluded.expired_at, description = excluded.description, created_at = excluded.created_at`,
  );
  return {
    removeAll: () => sqlite.prepare('DELETE FROM share_links').run(),
    saveShareLink: (l: ImportedShareLink) =>
      upsert.run(l.id, l.pageId, l.creatorId, l.expiredAt, l.description, l.createdAt),
  };
}
