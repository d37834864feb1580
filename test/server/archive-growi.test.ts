// Archives written by GROWI 4.x, 6.x and 7.x/8.x import with grants intact, and GROWI users sign in.
import { afterEach, describe, expect, it } from 'vitest';
import { Agent, signInTeam, startTestServer, type TestServer } from '../helpers/server';
import { defaultOptions, importZip } from '../helpers/archive-flow';
import { growiZip } from '../helpers/archive';
import {
  ALICE_PASSWORD,
  ATTACHMENT_BYTES,
  GROWI_FIXTURE_COLLECTIONS,
  IDS,
  growiArchive,
  rev,
  V4_REDIRECT_STUBS,
  type GrowiGeneration,
} from '../helpers/growi-fixtures';

let server: TestServer | null = null;
afterEach(async () => {
  await server?.cleanup();
  server = null;
});

const COLLECTIONS = [...GROWI_FIXTURE_COLLECTIONS];

describe.each<[GrowiGeneration, string]>([
  ['v4', '4.5.8'],
  ['v6', '6.3.2'],
  ['v7', '7.0.23'],
])('a GROWI %s archive (meta.version %s)', (gen, version) => {
  it('imports with grants intact, sign-in by GROWI password, tree, trash, tags, comments and attachments', async () => {
    server = await startTestServer();
    const { admin } = await signInTeam(server.app, []);
    const outcome = await importZip(
      server,
      admin,
      await growiArchive(gen, version),
      COLLECTIONS,
      defaultOptions(COLLECTIONS),
    );
    expect(outcome.ok, outcome.message ?? '').toBe(true);
    const sqlite = server.app.ctx.db.$client;

    // Alice signs in with her GROWI password (seed from meta.json), which is then rehashed.
    const alice = new Agent(server.app);
    expect(
      (await alice.post('/_api/v3/login', { username: 'alice', password: ALICE_PASSWORD })).statusCode,
    ).toBe(200);
    const hash = sqlite.prepare("SELECT password_hash AS h FROM users WHERE username = 'alice'").get() as {
      h: string;
    };
    expect(hash.h).toMatch(/^scrypt\$/);
    expect(
      (await new Agent(server.app).post('/_api/v3/login', { username: 'alice', password: 'wrong' }))
        .statusCode,
    ).toBe(401);
    const bob = new Agent(server.app);
    expect((await bob.post('/_api/v3/login', { username: 'bob', password: 'bob-password' })).statusCode).toBe(
      200,
    );

    // Owner-only and group pages are exactly as hidden as in GROWI.
    for (const id of [IDS.private, IDS.group, IDS.public])
      expect((await alice.get(`/_api/v3/page?pageId=${id}`)).statusCode, id).toBe(200);
    expect((await bob.get(`/_api/v3/page?pageId=${IDS.private}`)).statusCode).toBe(404);
    expect((await bob.get(`/_api/v3/page?pageId=${IDS.group}`)).statusCode).toBe(404);
    expect((await new Agent(server.app).get(`/_api/v3/share-links/${IDS.shareLink}/page`)).statusCode).toBe(
      200,
    );
    const body = (await bob.get(`/_api/v3/page?pageId=${IDS.public}`)).json().page.revision.body;
    expect(body).toBe('public flamingo text');

    // The tree: placeholders made, counts right; the trash stays the trash; empty pages stay empty.
    const row = (path: string) =>
      sqlite
        .prepare(
          'SELECT id, status, is_empty AS isEmpty, descendant_count AS n, parent_id AS parentId FROM pages WHERE path = ?',
        )
        .get(path) as
        { id: string; status: string; isEmpty: number; n: number; parentId: string | null } | undefined;
    expect(row('/')?.id).toBe(IDS.root);
    expect(row('/public')).toMatchObject({ isEmpty: 1, n: 1, parentId: IDS.root });
    expect(row('/trash/old')?.status).toBe('deleted');
    if (gen !== 'v4') expect(row('/empty')?.isEmpty).toBe(1);

    const wip = sqlite.prepare('SELECT id FROM pages WHERE wip = 1').all() as { id: string }[];
    expect(wip.map((p) => p.id)).toEqual(gen === 'v7' ? [IDS.group] : []);

    if (gen === 'v4') {
      // GROWI 4's redirect pages become redirects (a chain ends at its last page); the one a delete
      // left pointing into the trash leaves nothing; neither is a live page, nor are their revisions.
      for (const stub of V4_REDIRECT_STUBS) expect(row(stub.path), stub.path).toBeUndefined();
      for (const from of ['/old/name', '/older']) {
        const read = (await bob.get(`/_api/v3/page?path=${encodeURIComponent(from)}`)).json();
        expect(read, from).toMatchObject({ page: { _id: IDS.public }, redirectFrom: from });
      }
      expect((await bob.get('/_api/v3/page?path=/old')).statusCode).toBe(404);
      const stubRevisions = sqlite
        .prepare('SELECT count(*) AS n FROM revisions WHERE id IN (?, ?, ?)')
        .get(...V4_REDIRECT_STUBS.map((stub) => rev(stub.id))) as { n: number };
      expect(stubRevisions.n).toBe(0);
      for (const name of ['pages', 'revisions'])
        expect(outcome.results.find((r) => r.collectionName === name)?.errors, name).toEqual([]);
    }

    // Tags, comments, bookmarks, likes.
    const info = (await bob.get(`/_api/v3/page/info?pageId=${IDS.public}`)).json();
    expect(info).toMatchObject({
      sumOfLikers: 1,
      isLiked: true,
      bookmarkCount: 1,
      isBookmarked: true,
      sumOfSeenUsers: 2,
    });
    const tags = (await bob.get(`/_api/pages.getPageTag?pageId=${IDS.public}`)).json();
    expect(tags.tags).toEqual(['birds']);
    const comments = (await bob.get(`/_api/comments.get?page_id=${IDS.public}`)).json();
    expect(comments.comments.map((c: { comment: string }) => c.comment)).toEqual(['nice bird']);

    // GridFS bytes become the attachment file; the one without bytes is reported.
    const file = await bob.get(`/download/${IDS.attachment}`);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(ATTACHMENT_BYTES)).toBe(true);
    const attachments = outcome.results.find((r) => r.collectionName === 'attachments');
    expect(attachments?.errors).toEqual([
      { id: IDS.lostAttachment, message: 'the archive does not carry this file' },
    ]);

    // Search finds the imported pages without a manual rebuild.
    await server.app.ctx.search.whenIdle();
    const hits = (await bob.get('/_api/v3/search?q=flamingo')).json().data;
    expect(hits.map((h: { data: { _id: string } }) => h.data._id)).toEqual([IDS.public]);
  });
});

describe('paths GROWI creates and Quire would not', () => {
  it('import as they are and read by permalink: a tab inside a path, and /edit itself', async () => {
    server = await startTestServer();
    const { admin } = await signInTeam(server.app, []);
    const T = '2024-01-02T03:04:05.000Z';
    const page = (id: string, path: string) => ({
      _id: id,
      path,
      revision: `${id.slice(0, 20)}9${id.slice(21)}`,
      status: 'published',
      grant: 1,
      grantedUsers: [],
      grantedGroups: [],
      parent: null,
      isEmpty: false,
      descendantCount: 0,
      createdAt: T,
      updatedAt: T,
      __v: 0,
    });
    const pages = [page('5f9b0c2a1b2c3d4e5f609001', '/Tab\there'), page('5f9b0c2a1b2c3d4e5f609002', '/edit')];
    const revisions = pages.map((p) => ({
      _id: p.revision,
      pageId: p._id,
      body: `body of ${p.path}`,
      createdAt: T,
    }));
    const zip = await growiZip({ version: '7.0.23', passwordSeed: 'x', exportedAt: T }, { pages, revisions });
    const outcome = await importZip(server, admin, zip, ['pages', 'revisions']);
    expect(outcome.ok, outcome.message ?? '').toBe(true);
    for (const p of pages) {
      const read = await admin.get(`/_api/v3/page?pageId=${p._id}`);
      expect(read.statusCode, p.path).toBe(200);
      expect(read.json().page.path).toBe(p.path);
    }
    // Quire itself still refuses to create them (docs/API.md says why).
    expect((await admin.post('/_api/v3/page', { path: '/Tab\tagain', body: 'x' })).statusCode).toBe(400);
  });
});
