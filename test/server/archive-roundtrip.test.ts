// A wiki with every kind of data, exported and imported into a fresh server: identical.
import { afterEach, describe, expect, it } from 'vitest';
import { createGroup, signInTeam, startTestServer, type Agent, type TestServer } from '../helpers/server';
import { PNG_1PX, uploadAs } from '../helpers/multipart';
import { exportZip, importZip } from '../helpers/archive-flow';
import { ARCHIVE_COLLECTIONS } from '../../src/shared/archive-types';
import { GRANT, type Page } from '../../src/shared/api-types';

const servers: TestServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.cleanup();
});

async function start() {
  const server = await startTestServer();
  servers.push(server);
  return server;
}

async function createPage(agent: Agent, path: string, body: string, grant: object = {}): Promise<Page> {
  const res = await agent.post('/_api/v3/page', { path, body, ...grant });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ page: Page }>().page;
}

/** Everything the wiki holds, with user ids spelled as usernames (the admins differ by id). */
function dump(server: TestServer) {
  const sqlite = server.app.ctx.db.$client;
  server.app.ctx.likes.flush();
  const names = new Map(
    (sqlite.prepare('SELECT id, username FROM users').all() as { id: string; username: string }[]).map(
      (u) => [u.id, u.username],
    ),
  );
  const rows = (sql: string) =>
    (sqlite.prepare(sql).all() as Record<string, unknown>[]).map((row) =>
      Object.fromEntries(
        Object.entries(row).map(([k, v]) => [k, typeof v === 'string' && names.has(v) ? names.get(v) : v]),
      ),
    );
  return {
    users: rows(
      `SELECT username, name, email, password_hash, lang, admin, status, read_only, is_email_published, created_at
       FROM users WHERE username <> 'admin' ORDER BY username`,
    ),
    pages: rows('SELECT * FROM pages ORDER BY path'),
    revisions: rows('SELECT * FROM revisions ORDER BY id'),
    groups: rows('SELECT * FROM user_groups ORDER BY id'),
    members: rows('SELECT * FROM user_group_relations ORDER BY group_id, user_id'),
    tags: rows('SELECT * FROM tags ORDER BY id'),
    pageTags: rows('SELECT * FROM page_tags ORDER BY page_id, tag_id'),
    comments: rows('SELECT * FROM comments ORDER BY id'),
    likes: rows('SELECT page_id, user_id FROM likes ORDER BY page_id, user_id'),
    bookmarks: rows('SELECT * FROM bookmarks ORDER BY page_id, user_id'),
    shareLinks: rows('SELECT * FROM share_links ORDER BY id'),
    attachments: rows('SELECT * FROM attachments ORDER BY id'),
    redirects: rows('SELECT from_path, page_id FROM redirects ORDER BY from_path'),
  };
}

describe('archive round trip', () => {
  it('carries every page, revision, user, group, grant, tag, comment, like, bookmark, share link and attachment', async () => {
    const source = await start();
    const { admin, bob, carol } = await signInTeam(source.app, ['bob', 'carol']);
    const team = await createGroup(admin, 'team', ['bob']);
    const pub = await createPage(bob, '/Handbook/Start', 'Welcome to the zebra handbook');
    const saved = await bob.put('/_api/v3/page', {
      pageId: pub._id,
      revisionId: pub.revision._id,
      body: 'v2 zebra',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const mine = await createPage(bob, '/Private/Diary', 'only bob', { grant: GRANT.owner });
    const grouped = await createPage(bob, '/Team/Plan', 'team only', {
      grant: GRANT.userGroup,
      grantUserGroupIds: [{ type: 'UserGroup', item: team }],
    });
    const moved = await createPage(carol, '/Old/Name', 'moved page');
    expect(
      (
        await carol.put('/_api/v3/pages/rename', {
          pageId: moved._id,
          revisionId: moved.revision._id,
          newPagePath: '/New/Name',
        })
      ).statusCode,
    ).toBe(200);
    const trashed = await createPage(carol, '/Scratch', 'to the trash');
    expect(
      (
        await carol.post('/_api/v3/pages/delete', {
          pageIdToRevisionIdMap: { [trashed._id]: trashed.revision._id },
        })
      ).statusCode,
    ).toBe(200);
    await bob.post('/_api/tags.update', {
      pageId: pub._id,
      revisionId: saved.json().page.revision._id,
      tags: ['howto', 'Zebra'],
    });
    const comment = await carol.post('/_api/comments.add', {
      commentForm: { page_id: pub._id, revision_id: pub.revision._id, comment: 'nice' },
    });
    await bob.post('/_api/comments.add', {
      commentForm: {
        page_id: pub._id,
        revision_id: pub.revision._id,
        comment: 'thanks',
        replyTo: comment.json().comment._id,
      },
    });
    await carol.put('/_api/v3/page/likes', { pageId: pub._id, bool: true });
    await carol.put('/_api/v3/bookmarks', { pageId: pub._id, bool: true });
    expect(
      (await bob.post('/_api/v3/share-links', { relatedPage: mine._id, description: 'for auditors' }))
        .statusCode,
    ).toBe(201);
    const upload = await uploadAs(bob, pub._id, { name: 'dot.png', type: 'image/png', bytes: PNG_1PX });
    expect(upload.statusCode, upload.body).toBe(200);
    const attachmentId = upload.json().attachment._id as string;
    const before = dump(source);
    // Not vacuous: every kind of data is there to compare.
    expect(before.pages.map((p) => p.path)).toEqual(
      expect.arrayContaining([
        '/',
        '/Handbook',
        '/Handbook/Start',
        '/Private/Diary',
        '/Team/Plan',
        '/New/Name',
        '/trash/Scratch',
      ]),
    );
    for (const [table, rows] of Object.entries(before)) expect(rows.length, table).toBeGreaterThan(0);
    expect(before.comments).toHaveLength(2);
    expect(before.revisions.length).toBeGreaterThan(before.pages.filter((p) => p.is_empty === 0).length);

    const zip = await exportZip(source, admin, [...ARCHIVE_COLLECTIONS]);

    const target = await start();
    const { admin: targetAdmin } = await signInTeam(target.app, []);
    const outcome = await importZip(
      target,
      targetAdmin,
      zip,
      ARCHIVE_COLLECTIONS.filter((c) => c !== 'configs'),
    );
    expect(outcome.ok, outcome.message ?? '').toBe(true);
    expect(dump(target)).toEqual(before);

    // Permalinks, attachment links, sign-in and grants work on the new server.
    const bobThere = new (await import('../helpers/server')).Agent(target.app);
    expect((await bobThere.post('/_api/v3/login', { username: 'bob', password: 'secret1' })).statusCode).toBe(
      200,
    );
    expect((await bobThere.get(`/_api/v3/page?pageId=${mine._id}`)).statusCode).toBe(200);
    expect((await bobThere.get(`/_api/v3/page?pageId=${grouped._id}`)).statusCode).toBe(200);
    const carolThere = new (await import('../helpers/server')).Agent(target.app);
    await carolThere.post('/_api/v3/login', { username: 'carol', password: 'secret1' });
    expect((await carolThere.get(`/_api/v3/page?pageId=${mine._id}`)).statusCode).toBe(404);
    expect((await carolThere.get(`/_api/v3/page?pageId=${grouped._id}`)).statusCode).toBe(404);
    const file = await bobThere.get(`/attachment/${attachmentId}`);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PNG_1PX)).toBe(true);
    await target.app.ctx.search.whenIdle();
    const found = await bobThere.get('/_api/v3/search?q=zebra');
    expect(found.json().data.map((p: { data: { _id: string } }) => p.data._id)).toContain(pub._id);
    // A complete backup (the backups module's) was taken first, and is listed with its reason.
    expect(target.app.ctx.backups.list().map((b) => b.reason)).toContain('before-import');
  });
});
