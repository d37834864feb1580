// The things several answers carry (a user as others see them, a revision, a page), declared once.
// GROWI's answers carry more of each (a user's e-mail, a page's grantedUsers); its clients read
// what is here, and test/server/growi-contracts.test.ts holds these to GROWI's schemas.
import { Type } from '@sinclair/typebox';
import { DateTime, Enum, Id, Nullable } from './define';
import { LANGUAGES } from '../api-types';

export const UserSummarySchema = Type.Object({
  _id: Id,
  username: Type.String(),
  name: Type.String(),
});

/** The signed-in user as the web app knows them. */
export const CurrentUserSchema = Type.Composite([
  UserSummarySchema,
  Type.Object({
    email: Type.String(),
    lang: Enum(LANGUAGES, 'string'),
    admin: Type.Boolean(),
    /** GROWI's status numbers; `invited` (5) must complete the profile before anything else. */
    status: Enum([1, 2, 3, 5] as const, 'integer'),
    /** Read-only users may read and comment, never edit. */
    readOnly: Type.Boolean(),
    /** The profile picture's address: Gravatar, the uploaded image or the default (SPEC §3). */
    imageUrlCached: Type.String(),
    isGravatarEnabled: Type.Boolean(),
  }),
]);

/** A page's writer, or null once their account is gone (as GROWI's populate gives). */
const Writer = Nullable(UserSummarySchema);

export const RevisionSchema = Type.Object({
  _id: Id,
  body: Type.String(),
  author: Writer,
  createdAt: DateTime,
});

export const GrantedGroupSchema = Type.Object({ _id: Id, name: Type.String() });

const pageFields = {
  _id: Id,
  path: Type.String(),
  /** GROWI's grant numbers (SPEC §3): public, anyone with the link, specified, only me, a group. */
  grant: Enum([1, 2, 3, 4, 5] as const, 'integer'),
  creator: Writer,
  lastUpdateUser: Writer,
  createdAt: DateTime,
  updatedAt: DateTime,
  /** Non-empty pages below this one that the reader may see. */
  descendantCount: Type.Integer({ minimum: 0 }),
  /** `deleted`: in the trash (its path is under /trash). */
  status: Enum(['published', 'deleted'] as const, 'string'),
  /** Work in progress: not published yet (GROWI 7's `wip`; `PUT /page/{id}/publish`). */
  wip: Type.Boolean(),
  deletedAt: Nullable(DateTime),
};

/** A page as a read answers it: the latest revision with its body, the social facts. */
export const PageSchema = Type.Object({
  ...pageFields,
  revision: RevisionSchema,
  /** For grant 5: the groups the page is granted to (empty otherwise). */
  grantedGroups: Type.Array(GrantedGroupSchema),
  /** Ids of the users who like the page, earliest first. */
  liker: Type.Array(Id),
  /** Ids of the signed-in users who have opened the page, earliest first. */
  seenUsers: Type.Array(Id),
  commentCount: Type.Integer({ minimum: 0 }),
  tags: Type.Array(Type.String()),
});

/** A page in lists: everything but the body, the granted groups' names and the social facts. */
export const PageSummarySchema = Type.Object({ ...pageFields, revisionId: Id });

/** A page as GROWI answers its document itself (publish, a grant change), bookkeeping and all. */
export const PageDocumentSchema = Type.Composite([
  PageSchema,
  Type.Object({
    __v: Type.Integer(),
    extended: Type.Object({}),
    /** For grant 4 ("only me"): the creator. */
    grantedUsers: Type.Array(Id),
  }),
]);
