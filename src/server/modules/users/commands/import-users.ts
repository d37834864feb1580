// The users module's commands for an archive import (issue 31: the import writes users only
// through here), prepared once on the import's connection and run per record in its transaction.
import type Database from 'better-sqlite3';

/** A user as the import has decided it (the password already a hash this wiki verifies). */
export interface ImportedUser {
  id: string;
  username: string;
  name: string;
  email: string;
  passwordHash: string | null;
  lang: string;
  admin: boolean;
  status: number;
  readOnly: boolean;
  isEmailPublished: boolean;
  lastLoginAt: number | null;
  createdAt: number;
  updatedAt: number;
}

export function prepareUserImport(sqlite: Database.Database) {
  const taken = sqlite.prepare<[string, string, string], { id: string }>(
    'SELECT id FROM users WHERE (username = ? OR email = ?) AND id <> ? LIMIT 1',
  );
  const upsert = sqlite.prepare(
    `INSERT INTO users (id, username, name, email, password_hash, lang, admin, status, read_only,
       is_email_published, last_login_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET username = excluded.username, name = excluded.name, email = excluded.email,
       password_hash = excluded.password_hash, lang = excluded.lang, admin = excluded.admin,
       status = excluded.status, read_only = excluded.read_only, is_email_published = excluded.is_email_published,
       last_login_at = excluded.last_login_at, created_at = excluded.created_at, updated_at = excluded.updated_at`,
  );
  return {
    /** Another account holding this username or e-mail, if any. */
    holderOf: (username: string, email: string, exceptId: string) => taken.get(username, email, exceptId)?.id,
    saveUser(user: ImportedUser): void {
      upsert.run(
        user.id,
        user.username,
        user.name,
        user.email,
        user.passwordHash,
        user.lang,
        user.admin ? 1 : 0,
        user.status,
        user.readOnly ? 1 : 0,
        user.isEmailPublished ? 1 : 0,
        user.lastLoginAt,
        user.createdAt,
        user.updatedAt,
      );
    },
  };
}
