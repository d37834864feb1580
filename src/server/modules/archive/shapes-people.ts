// GROWI documents of users, groups, memberships and external accounts, read into Quire rows. Every
// GROWI generation writes these the same way (v4–v8), so one reader each.
import { USER_STATUS } from '../../../shared/account-types';
import { readerOf, type Doc } from './doc-reader';
import type { ImportedUser } from '../users/commands/import-users';

/** The users module's import row, with the password as the archive has it (hashed on import). */
export type UserRecord = Omit<ImportedUser, 'passwordHash'> & {
  /** Quire's own `scrypt$…` hash, GROWI's sha256 hex, or null (external or invited user). */
  password: string | null;
};

const LANGS = new Set(['en_US', 'ja_JP', 'zh_CN']);
const STATUSES = new Set<number>(Object.values(USER_STATUS));

export function readUser(doc: Doc): UserRecord {
  const r = readerOf(doc);
  const id = r.id('_id');
  const username = r.str('username');
  if (username.trim() === '') r.id('username');
  const createdAt = r.date('createdAt', Date.now());
  // GROWI's deleted users (status 4) have no Quire status: they stay, suspended.
  const rawStatus = r.num('status', USER_STATUS.active);
  const status = STATUSES.has(rawStatus) ? rawStatus : USER_STATUS.suspended;
  const lang = r.optStr('lang');
  return {
    id,
    username,
    name: r.optStr('name') || username,
    // Email is optional in GROWI (sparse unique); Quire needs one, unique: a placeholder per user.
    email: (r.optStr('email') || `${username}@${id}.invalid`).toLowerCase(),
    password: r.optStr('password'),
    lang: lang && LANGS.has(lang) ? lang : 'en_US',
    admin: r.bool('admin', false),
    status,
    readOnly: r.bool('readOnly', false),
    isEmailPublished: r.bool('isEmailPublished', true),
    lastLoginAt: r.optDate('lastLoginAt'),
    createdAt,
    updatedAt: r.date('updatedAt', createdAt),
  };
}

export interface GroupRecord {
  id: string;
  name: string;
  description: string;
  parentId: string | null;
  createdAt: number;
  updatedAt: number;
}

export function readGroup(doc: Doc): GroupRecord {
  const r = readerOf(doc);
  const createdAt = r.date('createdAt', Date.now());
  return {
    id: r.id('_id'),
    name: r.str('name'),
    description: r.optStr('description') ?? '',
    parentId: r.optId('parent'),
    createdAt,
    updatedAt: r.date('updatedAt', createdAt),
  };
}

export interface MembershipRecord {
  id: string;
  groupId: string;
  userId: string;
  createdAt: number;
}

export function readMembership(doc: Doc): MembershipRecord {
  const r = readerOf(doc);
  return {
    id: r.id('_id'),
    groupId: r.id('relatedGroup'),
    userId: r.id('relatedUser'),
    createdAt: r.date('createdAt', Date.now()),
  };
}

export interface ExternalAccountRecord {
  id: string;
  providerType: string;
  accountId: string;
  userId: string;
  createdAt: number;
}

export function readExternalAccount(doc: Doc): ExternalAccountRecord {
  const r = readerOf(doc);
  return {
    id: r.id('_id'),
    providerType: r.str('providerType'),
    accountId: r.str('accountId'),
    userId: r.id('user'),
    createdAt: r.date('createdAt', Date.now()),
  };
}
