// Database schema. Migrations are generated from this file by drizzle-kit (`npm run db:generate`)
// into ./migrations and applied at start.
import { sql } from 'drizzle-orm';
import {
  blob,
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
  type AnySQLiteColumn,
} from 'drizzle-orm/sqlite-core';
import { USER_STATUS } from '../../shared/account-types';

export const timestamps = {
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
};

/** User status as in GROWI: registered (awaiting approval), active, suspended, invited. */
export { USER_STATUS };

export const users = sqliteTable('users', {
  id: text('id').primaryKey(),
  username: text('username').notNull().unique(),
  name: text('name').notNull(),
  // Stored lower-cased so uniqueness and sign-in by e-mail ignore case.
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash'),
  lang: text('lang').notNull().default('en_US'),
  admin: integer('admin', { mode: 'boolean' }).notNull().default(false),
  status: integer('status').notNull().default(USER_STATUS.active),
  /** Read-only users may read and comment, never edit or create pages. */
  readOnly: integer('read_only', { mode: 'boolean' }).notNull().default(false),
  isEmailPublished: integer('is_email_published', { mode: 'boolean' }).notNull().default(true),
  /** sha256 (hex) of the API token; the token itself is shown once and never stored. */
  apiTokenHash: text('api_token_hash').unique(),
  apiTokenCreatedAt: integer('api_token_created_at', { mode: 'timestamp_ms' }),
  lastLoginAt: integer('last_login_at', { mode: 'timestamp_ms' }),
  /** The uploaded profile image (an attachment of kind 'profile'), or null. */
  imageAttachmentId: text('image_attachment_id').references((): AnySQLiteColumn => attachments.id, {
    onDelete: 'set null',
  }),
  /** GROWI's image type: the Gravatar of the e-mail address instead of an uploaded image. */
  isGravatarEnabled: integer('is_gravatar_enabled', { mode: 'boolean' }).notNull().default(false),
  ...timestamps,
});

/** User groups (SPEC §3), nested: a group may have a parent group. */
/**
 * GROWI 7's personal access tokens (issue 28): several per user, each with scopes and an expiry.
 * Only the SHA-256 of a token is kept; the token itself is shown once, when it is made.
 */
export const accessTokens = sqliteTable(
  'access_tokens',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    description: text('description').notNull().default(''),
    /** JSON array of the scopes as given (wildcards kept); what they grant is worked out on use. */
    scopes: text('scopes').notNull(),
    expiredAt: integer('expired_at', { mode: 'timestamp_ms' }).notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('access_tokens_user_id_idx').on(t.userId)],
);

export const userGroups = sqliteTable(
  'user_groups',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull().unique(),
    description: text('description').notNull().default(''),
    parentId: text('parent_id'),
    ...timestamps,
  },
  (t) => [index('user_groups_parent_id_idx').on(t.parentId)],
);

/** Direct membership of a user in a group. */
export const userGroupRelations = sqliteTable(
  'user_group_relations',
  {
    groupId: text('group_id')
      .notNull()
      .references(() => userGroups.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.userId] }),
    index('user_group_relations_user_idx').on(t.userId),
  ],
);

/** Accounts of external sign-in providers linked to a user (empty until external sign-in exists). */
export const externalAccounts = sqliteTable(
  'external_accounts',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    providerType: text('provider_type').notNull(),
    accountId: text('account_id').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [uniqueIndex('external_accounts_provider_account_idx').on(t.providerType, t.accountId)],
);

/**
 * "Forgot password" (issue 14): a single-use, expiring reset link mailed to a user. Only the
 * token's sha256 is kept; a used or newer order makes the link dead.
 */
export const passwordResetOrders = sqliteTable(
  'password_reset_orders',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    usedAt: integer('used_at', { mode: 'timestamp_ms' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    uniqueIndex('password_reset_orders_token_idx').on(t.tokenHash),
    index('password_reset_orders_user_idx').on(t.userId),
  ],
);

export const sessions = sqliteTable(
  'sessions',
  {
    sid: text('sid').primaryKey(),
    data: text('data').notNull(),
    expiresAt: integer('expires_at').notNull(),
  },
  (t) => [index('sessions_expires_at_idx').on(t.expiresAt)],
);

export const pages = sqliteTable(
  'pages',
  {
    id: text('id').primaryKey(),
    path: text('path').notNull().unique(),
    grant: integer('grant').notNull().default(1),
    /**
     * For grant 5 (groups): the granted group ids as a JSON array. Kept on the page row so every
     * reader of a page row (tree, search facts, lifecycle) has what the permission function needs.
     */
    grantedGroupIds: text('granted_group_ids'),
    creatorId: text('creator_id').references(() => users.id, { onDelete: 'set null' }),
    lastUpdateUserId: text('last_update_user_id').references(() => users.id, { onDelete: 'set null' }),
    // The latest revision; null for an empty page (a placeholder ancestor) and inside the
    // transaction that creates the page.
    revisionId: text('revision_id'),
    // The tree: every page but the root has its parent row (an empty placeholder if nobody wrote
    // the parent yet). Kept on create, move and delete so the tree is read level by level.
    parentId: text('parent_id'),
    isEmpty: integer('is_empty', { mode: 'boolean' }).notNull().default(false),
    /** Non-empty pages below this one; what the tree shows without counting. */
    descendantCount: integer('descendant_count').notNull().default(0),
    status: text('status', { enum: ['published', 'deleted'] })
      .notNull()
      .default('published'),
    /** Work in progress (GROWI 7's unpublished pages): readable as ever, marked as not done yet. */
    wip: integer('wip', { mode: 'boolean' }).notNull().default(false),
    deletedAt: integer('deleted_at', { mode: 'timestamp_ms' }),
    /** Where a page in the trash came from (its trash path may carry a suffix when taken). */
    deletedFromPath: text('deleted_from_path'),
    deleteUserId: text('delete_user_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('pages_updated_at_idx').on(t.updatedAt),
    // Children listing: one index seek per level, in path order, never the whole tree.
    index('pages_parent_id_path_idx').on(t.parentId, t.path),
    // Pages not every reader may list, by path: what a count below a path subtracts for a reader
    // (policies/page-access.ts hiddenBelow). Small in a wiki that is mostly public.
    index('pages_not_public_path_idx')
      .on(t.path)
      .where(sql`"grant" <> 1`),
  ],
);

/** Old paths of moved pages: a link to the old path lands on the page (SPEC §2 notice "redirected"). */
export const redirects = sqliteTable('redirects', {
  fromPath: text('from_path').primaryKey(),
  pageId: text('page_id')
    .notNull()
    .references(() => pages.id, { onDelete: 'cascade' }),
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
});

export const revisions = sqliteTable(
  'revisions',
  {
    id: text('id').primaryKey(),
    pageId: text('page_id')
      .notNull()
      .references(() => pages.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('revisions_page_id_created_at_idx').on(t.pageId, t.createdAt)],
);

/** Admin settings: JSON values by key (e.g. `app:title`, `security:restrictGuestMode`). */
export const settings = sqliteTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(unixepoch() * 1000)`),
});

// Issue 7: tags, comments, likes, bookmarks and "seen by". Every row hangs off its page with
// ON DELETE CASCADE, so complete deletion removes them; moves keep them (they follow the page id).

export const tags = sqliteTable('tags', {
  id: text('id').primaryKey(),
  /** As typed first; unique regardless of case (`Howto` and `howto` are one tag, as in search). */
  name: text('name').notNull().unique(),
  nameKey: text('name_key').notNull().unique(),
});

export const pageTags = sqliteTable(
  'page_tags',
  {
    pageId: text('page_id')
      .notNull()
      .references(() => pages.id, { onDelete: 'cascade' }),
    tagId: text('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.pageId, t.tagId] }), index('page_tags_tag_id_idx').on(t.tagId)],
);

export const comments = sqliteTable(
  'comments',
  {
    id: text('id').primaryKey(),
    pageId: text('page_id')
      .notNull()
      .references(() => pages.id, { onDelete: 'cascade' }),
    /** The revision the commenter was reading. */
    revisionId: text('revision_id'),
    creatorId: text('creator_id').references(() => users.id, { onDelete: 'set null' }),
    /** A reply's top-level comment; deleting that comment deletes its replies (as GROWI does). */
    replyTo: text('reply_to').references((): AnySQLiteColumn => comments.id, { onDelete: 'cascade' }),
    comment: text('comment').notNull(),
    ...timestamps,
  },
  (t) => [index('comments_page_id_created_at_idx').on(t.pageId, t.createdAt)],
);

const pageUserPair = {
  pageId: text('page_id')
    .notNull()
    .references(() => pages.id, { onDelete: 'cascade' }),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
};

export const likes = sqliteTable('likes', { ...pageUserPair }, (t) => [
  primaryKey({ columns: [t.pageId, t.userId] }),
]);

export const bookmarks = sqliteTable('bookmarks', { ...pageUserPair }, (t) => [
  primaryKey({ columns: [t.pageId, t.userId] }),
  index('bookmarks_user_id_created_at_idx').on(t.userId, t.createdAt),
]);

/** Users who have opened the page (SPEC §3 "seen-by users"), recorded once each. */
export const pageSeenUsers = sqliteTable('page_seen_users', { ...pageUserPair }, (t) => [
  primaryKey({ columns: [t.pageId, t.userId] }),
]);

/** Share links (SPEC §3): anyone holding the link reads the page until it expires. */
export const shareLinks = sqliteTable(
  'share_links',
  {
    id: text('id').primaryKey(),
    pageId: text('page_id')
      .notNull()
      .references(() => pages.id, { onDelete: 'cascade' }),
    creatorId: text('creator_id').references(() => users.id, { onDelete: 'set null' }),
    /** Null: never expires. */
    expiredAt: integer('expired_at', { mode: 'timestamp_ms' }),
    description: text('description').notNull().default(''),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('share_links_page_id_idx').on(t.pageId)],
);

/** Users who co-edited a revision beside its author (the one who pressed save). */
export const revisionCoeditors = sqliteTable(
  'revision_coeditors',
  {
    revisionId: text('revision_id')
      .notNull()
      .references(() => revisions.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.revisionId, t.userId] })],
);

/**
 * The co-editing document of a page (Yjs state), so an unsaved draft survives a server restart and
 * a browser crash. `baseRevisionId` is the revision the draft started from; `editorIds` (JSON
 * array) are the users who typed since then.
 */
export const coeditDocs = sqliteTable('coedit_docs', {
  pageId: text('page_id')
    .primaryKey()
    .references(() => pages.id, { onDelete: 'cascade' }),
  state: blob('state', { mode: 'buffer' }).notNull(),
  baseRevisionId: text('base_revision_id').notNull(),
  editorIds: text('editor_ids').notNull().default('[]'),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
});

/**
 * What changed in a co-editing document since its `state` was last written whole, one Yjs update
 * per write, oldest first (`seq`): typing appends, and the whole state is written every so often
 * (coedit/draft-writer.ts). Deleted with the document.
 */
export const coeditUpdates = sqliteTable(
  'coedit_updates',
  {
    seq: integer('seq').primaryKey({ autoIncrement: true }),
    pageId: text('page_id')
      .notNull()
      .references(() => coeditDocs.pageId, { onDelete: 'cascade' }),
    update: blob('update', { mode: 'buffer' }).notNull(),
  },
  (t) => [index('coedit_updates_page_seq').on(t.pageId, t.seq)],
);

/**
 * Files attached to a page (issue 7). The file itself lives in the attachment storage under the
 * attachment's id, never under the uploader's name. `pageId` is set to null when the page is
 * deleted completely; the attachments service then removes the row and its file (the row tells
 * which file, so it must outlive the page for a moment).
 */
export const attachments = sqliteTable(
  'attachments',
  {
    id: text('id').primaryKey(),
    pageId: text('page_id').references(() => pages.id, { onDelete: 'set null' }),
    creatorId: text('creator_id').references(() => users.id, { onDelete: 'set null' }),
    originalName: text('original_name').notNull(),
    /** The MIME type the browser sent (normalised); decides inline or download when served. */
    fileFormat: text('file_format').notNull(),
    fileSize: integer('file_size').notNull(),
    /** 'page': a page's file (gone with its page); 'profile': a user's profile image (no page). */
    kind: text('kind', { enum: ['page', 'profile'] })
      .notNull()
      .default('page'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('attachments_page_id_idx').on(t.pageId, t.createdAt)],
);

/**
 * Admin-installed plugins (issue 18): templates and themes. The files live in
 * `<data>/plugins/<id>/`; the validated manifest is kept here so listing never reads the disk.
 */
export const plugins = sqliteTable('plugins', {
  id: text('id').primaryKey(),
  name: text('name').notNull().unique(),
  version: text('version').notNull(),
  kind: text('kind', { enum: ['template', 'theme', 'renderer'] }).notNull(),
  /** `zip:<file name>` or `folder:<path>`. */
  source: text('source').notNull(),
  manifest: text('manifest').notNull(),
  isEnabled: integer('is_enabled', { mode: 'boolean' }).notNull().default(true),
  installedAt: integer('installed_at', { mode: 'timestamp_ms' }).notNull(),
});
