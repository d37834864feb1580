// Importing people is a trust decision (issue 27): before anything is written, the importer screen
// asks what an archive's users would do to this wiki — how many accounts it creates or changes,
// how many of them become administrators — and asks the admin to confirm. The same rules as
// apply-people.ts decide, read against the database without writing to it.
import type Database from 'better-sqlite3';
import { NO_PEOPLE, type ImportMode, type PeoplePreview } from '../../../shared/archive-types';
import { ShapeError, type Doc } from './doc-reader';
import { readUser } from './shapes-people';
import { collectionDocs } from './stage';
import { archiveError, openCheckedArchive, type ArchiveLimits } from '../../lib/zip-guard';

export async function previewPeople(
  sqlite: Database.Database,
  zipFile: string,
  limits: ArchiveLimits,
  operatorId: string,
  mode: ImportMode,
): Promise<PeoplePreview> {
  const byId = sqlite.prepare<[string], { admin: number }>('SELECT admin FROM users WHERE id = ?');
  const taken = sqlite.prepare<[string, string, string], { id: string }>(
    'SELECT id FROM users WHERE (username = ? OR email = ?) AND id <> ? LIMIT 1',
  );
  const preview: PeoplePreview = { ...NO_PEOPLE };
  const archive = await openCheckedArchive(zipFile, limits);
  try {
    let index = 0;
    for await (const doc of collectionDocs(archive, 'users')) {
      let user;
      try {
        user = readUser(doc as Doc);
      } catch (err) {
        if (err instanceof ShapeError)
          throw archiveError('invalid_field', { name: 'users.json', index, field: err.field });
        throw err;
      }
      index += 1;
      if (taken.get(user.username, user.email, user.id)) preview.linked += 1;
      else if (user.id === operatorId) preview.ownAccount += 1;
      else {
        const existing = byId.get(user.id);
        if (existing && mode === 'insert') preview.skipped += 1;
        else {
          if (existing) preview.changed += 1;
          else preview.created += 1;
          if (user.admin && !existing?.admin) preview.becomeAdmins += 1;
        }
      }
    }
  } finally {
    archive.zip.close();
  }
  return preview;
}
