// The external accounts module's commands for an archive import (issue 31: the import writes
// links to sign-in providers only through here), prepared once on the import's connection.
import type Database from 'better-sqlite3';

export interface ImportedExternalAccount {
  id: string;
  userId: string;
  providerType: string;
  accountId: string;
  createdAt: number;
}

export function prepareExternalAccountImport(sqlite: Database.Database) {
  const ownerOf = sqlite.prepare<[string], { userId: string }>(
    'SELECT user_id AS userId FROM external_accounts WHERE id = ?',
  );
  const upsert = sqlite.prepare(
    `INSERT INTO external_accounts (id, user_id, provider_type, account_id, created_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET user_id = excluded.user_id, provider_type = excluded.provider_type,
       account_id = excluded.account_id, created_at = excluded.created_at`,
  );
  return {
    /** Every link but those of `keptUserId` (the importing admin's own ways in stay). */
    removeAllBut: (keptUserId: string) =>
      sqlite.prepare('DELETE FROM external_accounts WHERE user_id <> ?').run(keptUserId),
    ownerOf: (id: string) => ownerOf.get(id)?.userId,
    /** Throws when the provider and account id are linked to someone else (unique). */
    saveAccount: (account: ImportedExternalAccount) =>
      upsert.run(account.id, account.userId, account.providerType, account.accountId, account.createdAt),
  };
}
