// Archives shaped the way GROWI 4.x, 6.x and 7.x/8.x write them (built from the documented
// schemas: raw Mongo documents through JSON.stringify — hex ids, ISO dates, base64 GridFS data).
import { createHash } from 'node:crypto';
import { growiZip } from './archive';

export type GrowiGeneration = 'v4' | 'v6' | 'v7';

/** Every collection growiArchive writes, in GROWI's order. */
export const GROWI_FIXTURE_COLLECTIONS = [
  'users',
  'usergroups',
  'usergrouprelations',
  'pages',
  'revisions',
  'tags',
  'pagetagrelations',
  'comments',
  'bookmarks',
  'sharelinks',
  'attachments',
  'attachmentFiles.files',
  'attachmentFiles.chunks',
] as const;

export const SEED = 'changeme';
export const ALICE_PASSWORD = 'alice-in-growi';
const sha = (s: string) => createHash('sha256').update(s).digest('hex');

export const IDS = {
  alice: '5f9b0c2a1b2c3d4e5f600001',
  bob: '5f9b0c2a1b2c3d4e5f600002',
  editors: '5f9b0c2a1b2c3d4e5f600010',
  root: '5f9b0c2a1b2c3d4e5f600100',
  public: '5f9b0c2a1b2c3d4e5f600101',
  private: '5f9b0c2a1b2c3d4e5f600102',
  group: '5f9b0c2a1b2c3d4e5f600103',
  empty: '5f9b0c2a1b2c3d4e5f600104',
  trashed: '5f9b0c2a1b2c3d4e5f600105',
  tag: '5f9b0c2a1b2c3d4e5f600200',
  comment: '5f9b0c2a1b2c3d4e5f600300',
  shareLink: '5f9b0c2a1b2c3d4e5f600400',
  attachment: '5f9b0c2a1b2c3d4e5f600500',
  lostAttachment: '5f9b0c2a1b2c3d4e5f600501',
  gridFile: '5f9b0c2a1b2c3d4e5f600600',
  movedStub: '5f9b0c2a1b2c3d4e5f600700',
  olderStub: '5f9b0c2a1b2c3d4e5f600701',
  trashStub: '5f9b0c2a1b2c3d4e5f600702',
} as const;

/**
 * GROWI 4's redirect pages: a rename left the old path behind as a page with `redirectTo` (here a
 * chain, /older → /old/name → /public/page), and a delete left one pointing into the trash.
 */
export const V4_REDIRECT_STUBS = [
  { id: IDS.movedStub, path: '/old/name', redirectTo: '/public/page', status: 'published' },
  { id: IDS.olderStub, path: '/older', redirectTo: '/old/name', status: 'published' },
  { id: IDS.trashStub, path: '/old', redirectTo: '/trash/old', status: 'deleted' },
] as const;
export const rev = (pageId: string) => `${pageId.slice(0, 20)}9${pageId.slice(21)}`;
export const ATTACHMENT_BYTES = Buffer.from('GROWI attachment bytes, split over two GridFS chunks');

const T = '2023-04-05T06:07:08.090Z';
const PAGES: { id: string; path: string; grant: number; body?: string; deleted?: boolean }[] = [
  { id: IDS.root, path: '/', grant: 1, body: '# Root from GROWI' },
  { id: IDS.public, path: '/public/page', grant: 1, body: 'public flamingo text' },
  { id: IDS.private, path: '/private/alice', grant: 4, body: 'alice only' },
  { id: IDS.group, path: '/group/page', grant: 5, body: 'editors only' },
  { id: IDS.trashed, path: '/trash/old', grant: 1, body: 'thrown away', deleted: true },
];

function pageDoc(gen: GrowiGeneration, p: (typeof PAGES)[number]) {
  const doc: Record<string, unknown> = {
    _id: p.id,
    path: p.path,
    revision: rev(p.id),
    status: p.deleted ? 'deleted' : 'published',
    grant: p.grant,
    grantedUsers: p.grant === 4 ? [IDS.alice] : [],
    creator: IDS.alice,
    lastUpdateUser: IDS.alice,
    liker: [IDS.bob],
    seenUsers: [IDS.alice, IDS.bob],
    commentCount: 0,
    createdAt: T,
    updatedAt: T,
    __v: 0,
  };
  if (gen === 'v4') {
    doc.grantedGroup = p.grant === 5 ? IDS.editors : null;
    doc.redirectTo = null;
    doc.extended = '{}';
  } else {
    doc.parent = null;
    doc.descendantCount = 0;
    doc.isEmpty = false;
    if (gen === 'v6') doc.grantedGroup = p.grant === 5 ? IDS.editors : null;
    else doc.grantedGroups = p.grant === 5 ? [{ type: 'UserGroup', item: IDS.editors }] : [];
  }
  if (gen === 'v7') doc.latestRevisionBodyLength = p.body?.length ?? 0;
  if (gen === 'v7') doc.wip = p.id === IDS.group; // GROWI 7: not published yet
  if (p.deleted) doc.deleteUser = IDS.alice;
  return doc;
}

function revisionDoc(gen: GrowiGeneration, p: (typeof PAGES)[number]) {
  const doc: Record<string, unknown> = {
    _id: rev(p.id),
    body: (p.body ?? '').replace(/\n/g, '\r\n'),
    format: 'markdown',
    author: IDS.alice,
    createdAt: T,
    __v: 0,
  };
  if (gen === 'v4') doc.path = p.path;
  else doc.pageId = p.id;
  if (gen === 'v7') Object.assign(doc, { hasDiffToPrev: true, origin: 'editor' });
  return doc;
}

export function growiArchive(gen: GrowiGeneration, version: string): Promise<Buffer> {
  const user = (id: string, username: string, password: string | undefined) => ({
    _id: id,
    username,
    name: username.toUpperCase(),
    email: `${username}@growi.example`,
    ...(password ? { password: sha(SEED + password) } : {}),
    admin: false,
    status: 2,
    lang: 'ja_JP',
    isGravatarEnabled: false,
    isEmailPublished: true,
    createdAt: T,
    updatedAt: T,
    __v: 0,
  });
  const pages = PAGES.map((p) => pageDoc(gen, p));
  const revisions = PAGES.map((p) => revisionDoc(gen, p));
  if (gen === 'v4')
    for (const stub of V4_REDIRECT_STUBS) {
      pages.push({
        ...pageDoc(gen, { ...stub, grant: 1, body: '' }),
        redirectTo: stub.redirectTo,
        status: stub.status,
      });
      revisions.push(revisionDoc(gen, { ...stub, grant: 1, body: '' }));
    }
  if (gen !== 'v4')
    pages.push({
      _id: IDS.empty,
      path: '/empty',
      isEmpty: true,
      status: 'published',
      grant: 1,
      parent: null,
      descendantCount: 0,
      grantedUsers: [],
      createdAt: T,
      updatedAt: T,
      __v: 0,
    });
  const chunk = (n: number, bytes: Buffer) => ({
    _id: `${IDS.gridFile.slice(0, 22)}a${n}`,
    files_id: IDS.gridFile,
    n,
    data: bytes.toString('base64'),
  });
  return growiZip(
    {
      version,
      url: 'https://wiki.growi.example',
      passwordSeed: SEED,
      exportedAt: T,
      envVars: { ELASTICSEARCH_URI: '***' },
    },
    {
      users: [user(IDS.alice, 'alice', ALICE_PASSWORD), user(IDS.bob, 'bob', 'bob-password')],
      usergroups: [
        {
          _id: IDS.editors,
          name: 'editors',
          description: '',
          ...(gen === 'v4' ? {} : { parent: null }),
          createdAt: T,
          __v: 0,
        },
      ],
      usergrouprelations: [
        {
          _id: '5f9b0c2a1b2c3d4e5f600011',
          relatedGroup: IDS.editors,
          relatedUser: IDS.alice,
          createdAt: T,
          __v: 0,
        },
      ],
      pages,
      revisions,
      tags: [{ _id: IDS.tag, name: 'birds', __v: 0 }],
      pagetagrelations: [
        {
          _id: '5f9b0c2a1b2c3d4e5f600201',
          relatedPage: IDS.public,
          relatedTag: IDS.tag,
          isPageTrashed: false,
          __v: 0,
        },
      ],
      comments: [
        {
          _id: IDS.comment,
          page: IDS.public,
          creator: IDS.bob,
          revision: rev(IDS.public),
          comment: 'nice bird',
          commentPosition: -1,
          createdAt: T,
          updatedAt: T,
          __v: 0,
        },
      ],
      bookmarks: [{ _id: '5f9b0c2a1b2c3d4e5f600301', page: IDS.public, user: IDS.bob, createdAt: T, __v: 0 }],
      sharelinks: [
        { _id: IDS.shareLink, relatedPage: IDS.private, description: 'auditor', createdAt: T, __v: 0 },
      ],
      attachments: [
        {
          _id: IDS.attachment,
          page: IDS.public,
          creator: IDS.alice,
          fileName: 'a1b2c3.txt',
          fileFormat: 'text/plain',
          fileSize: ATTACHMENT_BYTES.length,
          originalName: 'note.txt',
          attachmentType: 'WIKI_PAGE',
          createdAt: T,
          __v: 0,
        },
        {
          _id: IDS.lostAttachment,
          page: IDS.public,
          creator: IDS.alice,
          fileName: 'ffff00.png',
          fileFormat: 'image/png',
          fileSize: 10,
          originalName: 'lost.png',
          attachmentType: 'WIKI_PAGE',
          createdAt: T,
          __v: 0,
        },
      ],
      'attachmentFiles.files': [
        {
          _id: IDS.gridFile,
          filename: 'a1b2c3.txt',
          contentType: 'text/plain',
          length: ATTACHMENT_BYTES.length,
          chunkSize: 20,
          uploadDate: T,
        },
      ],
      // Out of order on purpose: GridFS readers sort by n.
      'attachmentFiles.chunks': [
        chunk(1, ATTACHMENT_BYTES.subarray(20)),
        chunk(0, ATTACHMENT_BYTES.subarray(0, 20)),
      ],
      activities: [{ _id: '5f9b0c2a1b2c3d4e5f600900', action: 'PAGE_VIEW' }],
    },
  );
}
