// Markdown in (issue 12): an Obsidian vault, Wiki.js disk storage, Outline's Markdown export,
// GROWI's page bulk export and a browser's folder, imported under a chosen path — paths, tags,
// dates, links, attachments, names SPEC §5 refuses renamed and reported, and nothing changed by a
// refused upload or by anyone but an administrator.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Agent } from '../helpers/server';
import { signInTeam, startTestServer, type TestServer } from '../helpers/server';
import { PNG_1PX } from '../helpers/multipart';
import { importMarkdown, postImport, tarGzOf, zipOf } from '../helpers/markdown-import';
import { zipOf as zipEntries } from '../helpers/zip';
import type { Page } from '../../src/shared/api-types';
import type { Attachment } from '../../src/shared/attachment-types';
import type { MarkdownImportReport } from '../../src/shared/markdown-io-types';

let server: TestServer;
let admin: Agent;
let bob: Agent;
beforeEach(async () => {
  server = await startTestServer();
  ({ admin, bob } = await signInTeam(server.app, ['bob']));
});
afterEach(async () => {
  await server.cleanup();
});

async function page(agent: Agent, pagePath: string): Promise<Page> {
  const res = await agent.get(`/_api/v3/page?path=${encodeURIComponent(pagePath)}`);
  expect(res.statusCode, `${pagePath}: ${res.body}`).toBe(200);
  return res.json<{ page: Page }>().page;
}

async function tagsOf(agent: Agent, pageId: string): Promise<string[]> {
  return (await agent.get(`/_api/pages.getPageTag?pageId=${pageId}`)).json<{ tags: string[] }>().tags;
}

async function attachmentsOf(agent: Agent, pageId: string): Promise<Attachment[]> {
  const res = await agent.get(`/_api/v3/attachment/list?pageId=${pageId}`);
  return res.json<{ paginateResult: { docs: Attachment[] } }>().paginateResult.docs;
}

function reportOf(last: Awaited<ReturnType<typeof importMarkdown>>): MarkdownImportReport {
  if (!last?.ok) throw new Error(`import failed: ${JSON.stringify(last)}`);
  return last.report;
}

function pageCount(): number {
  const row = server.app.ctx.db.$client.prepare('SELECT count(*) AS n FROM pages').get() as { n: number };
  return row.n;
}

describe('Markdown import', () => {
  it('brings in an Obsidian vault: folders as paths, tags and aliases, wikilinks and embeds', async () => {
    const vault = await zipOf({
      '.obsidian/app.json': '{}',
      'Notes/Alpha.md': [
        '---',
        'tags: [project, "#idea"]',
        'aliases: [First]',
        'created: 2023-05-01T10:00:00Z',
        'updated: 2024-01-02T03:04:05Z',
        '---',
        'See [[Beta]], [[Beta|the beta]] and [[Beta#Plan]].',
        '![[pic.png]]',
        'Not yet: [[Gamma]]',
        '`[[inside code]]`',
      ].join('\n'),
      'Notes/Sub/Beta.md': 'Back to [[First]].',
      'attachments/pic.png': PNG_1PX,
      'attachments/unused.png': PNG_1PX,
    });
    const report = reportOf(
      await importMarkdown(server, admin, '/vault', { file: vault, name: 'vault.zip' }),
    );
    expect(report).toMatchObject({
      parentPath: '/vault',
      pagesCreated: 2,
      attachmentsCreated: 1,
      unresolvedLinks: 1,
    });
    expect(report.skipped).toEqual([{ file: 'attachments/unused.png', reason: 'not_linked' }]);
    expect(report.backupFile).toMatch(/before-import\.zip$/);

    const alpha = await page(admin, '/vault/Notes/Alpha');
    const [pic] = await attachmentsOf(admin, alpha._id);
    expect(pic).toMatchObject({ originalName: 'pic.png', fileFormat: 'image/png', fileSize: PNG_1PX.length });
    expect(alpha.revision.body).toBe(
      [
        'See [Beta](/vault/Notes/Sub/Beta), [the beta](/vault/Notes/Sub/Beta) and [Beta](/vault/Notes/Sub/Beta#Plan).',
        `![pic.png](/attachment/${pic!._id})`,
        'Not yet: [Gamma](/vault/Gamma)',
        '`[[inside code]]`',
      ].join('\n'),
    );
    expect(alpha.createdAt).toBe('2023-05-01T10:00:00.000Z');
    expect(alpha.updatedAt).toBe('2024-01-02T03:04:05.000Z');
    expect((await tagsOf(admin, alpha._id)).sort()).toEqual(['idea', 'project']);
    expect((await page(admin, '/vault/Notes/Sub/Beta')).revision.body).toBe(
      'Back to [First](/vault/Notes/Alpha).',
    );
    const png = await admin.get(`/attachment/${pic!._id}`);
    expect(png.rawPayload.equals(PNG_1PX)).toBe(true);
    // The folder's pages exist as places in the tree, `.obsidian` does not.
    expect((await admin.get('/_api/v3/page?path=/vault/.obsidian/app')).statusCode).toBe(404);
  });

  it('names every file it read otherwise: another encoding, empty, front matter not YAML, letter case', async () => {
    const cp1252 = Buffer.from([0x93, 0x43, 0x61, 0x66, 0xe9, 0x94]); // “Café” in Windows-1252
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Hi ✓', 'utf16le')]);
    const vault = await zipOf({
      'Old.md': cp1252,
      'Notepad.md': utf16,
      'Empty.md': '',
      'Broken.md': '---\nkey: [unclosed\n---\nBody',
      'Notes/Plan.md': 'first',
      'notes/plan.md': 'second',
    });
    const report = reportOf(await importMarkdown(server, admin, '/odd', { file: vault, name: 'odd.zip' }));
    expect(report.pagesCreated).toBe(6);
    expect(report.flagged).toEqual([
      { file: 'Broken.md', reason: 'invalid_front_matter', path: '/odd/Broken' },
      { file: 'Empty.md', reason: 'empty', path: '/odd/Empty' },
      { file: 'Notepad.md', reason: 'utf_16', path: '/odd/Notepad' },
      { file: 'Old.md', reason: 'windows_1252', path: '/odd/Old' },
      { file: 'notes/plan.md', reason: 'case_clash', path: '/odd/notes/plan', other: 'Notes/Plan.md' },
    ]);
    expect((await page(admin, '/odd/Old')).revision.body).toBe('“Café”');
    expect((await page(admin, '/odd/Notepad')).revision.body).toBe('Hi ✓');
    expect((await page(admin, '/odd/Notes/Plan')).revision.body).toBe('first');
    expect((await page(admin, '/odd/notes/plan')).revision.body).toBe('second');
  });

  it("reads Wiki.js's storage: front matter kept, HTML pages, site-absolute links and sized pictures", async () => {
    const wikijs = await zipOf({
      'home.md': [
        '---',
        'title: Home',
        'description: The start',
        'published: true',
        'date: 2024-03-04T05:06:07.000Z',
        'tags: handbook, getting started',
        'editor: markdown',
        'dateCreated: 2022-01-01T00:00:00.000Z',
        '---',
        '',
        '# Welcome {.tabset}',
        '![Logo](/assets/logo.png =x250){.radius-7}',
      ].join('\n'),
      'guides/setup.md': '[Home](../home.md), [home](/home#welcome) and [external](https://example.com/x.md)',
      'guides/visual.html': [
        '<!--',
        'title: Visual page',
        'description: Made in the HTML editor',
        'published: true',
        'date: 2024-05-06T07:08:09.000Z',
        'tags: ',
        'editor: ckeditor',
        'dateCreated: 2024-05-01T00:00:00.000Z',
        '-->',
        '',
        '<h1>Visual</h1>',
        '<p>See <a href="/guides/setup">setup</a> <img src="/assets/logo.png"></p>',
      ].join('\n'),
      'assets/logo.png': PNG_1PX,
      'export.html': '<html><body>not a page</body></html>',
    });
    const report = reportOf(
      await importMarkdown(server, admin, '/wiki', { file: wikijs, name: 'wikijs.zip' }),
    );
    expect(report.pagesCreated).toBe(3);
    expect(report.skipped).toEqual([{ file: 'export.html', reason: 'not_linked' }]);
    const home = await page(admin, '/wiki/home');
    const visual = await page(admin, '/wiki/guides/visual');
    // The picture belongs to the first page that links it (in file order, guides/ first).
    const [logo] = await attachmentsOf(admin, visual._id);
    // Fields Quire has no place for stay as the page's front matter; tags and dates are read.
    expect(home.revision.body).toBe(
      [
        '---',
        'title: Home',
        'description: The start',
        'published: true',
        'editor: markdown',
        '---',
        '',
        '# Welcome',
        `<img src="/attachment/${logo!._id}" alt="Logo" height="250">`,
      ].join('\n'),
    );
    expect(home.createdAt).toBe('2022-01-01T00:00:00.000Z');
    expect(home.updatedAt).toBe('2024-03-04T05:06:07.000Z');
    expect((await tagsOf(admin, home._id)).sort()).toEqual(['getting-started', 'handbook']);
    expect((await page(admin, '/wiki/guides/setup')).revision.body).toBe(
      '[Home](/wiki/home), [home](/wiki/home#welcome) and [external](https://example.com/x.md)',
    );
    expect(visual.updatedAt).toBe('2024-05-06T07:08:09.000Z');
    expect(visual.revision.body).toBe(
      [
        '---',
        'title: Visual page',
        'description: Made in the HTML editor',
        'published: true',
        'editor: ckeditor',
        '---',
        '',
        '<h1>Visual</h1>',
        `<p>See <a href="/wiki/guides/setup">setup</a> <img src="/attachment/${logo!._id}"></p>`,
      ].join('\n'),
    );

    // Exported and imported again, the pages come back the same, front matter and all.
    const zip = await admin.get(`/_api/v3/page/export/${visual._id}?format=zip`);
    reportOf(await importMarkdown(server, admin, '/again', { file: zip.rawPayload, name: 'wiki.zip' }));
    const again = await page(admin, '/again/wiki/guides/visual');
    const [logoAgain] = await attachmentsOf(admin, again._id);
    expect(again.revision.body).toBe(visual.revision.body.replaceAll(logo!._id, logoAgain!._id));
    expect(again.updatedAt).toBe(visual.updatedAt);
  });

  it('imports one Wiki.js locale at the path, or every locale folder as a path', async () => {
    const files = {
      'docs/en/home.md': '[Install](/en/install) and [same locale](/install)',
      'docs/en/install.md': 'Install',
      'docs/fr/home.md': 'Accueil',
      'docs/assets/logo.png': PNG_1PX,
    };
    const wiki = await zipOf(files);
    const report = reportOf(await importMarkdown(server, admin, '/en', { file: wiki, name: 'w.zip' }, 'en'));
    expect(report.pagesCreated).toBe(2);
    expect(report.skipped).toEqual([
      { file: 'docs/fr/home.md', reason: 'other_locale' },
      { file: 'docs/assets/logo.png', reason: 'not_linked' },
    ]);
    expect((await page(admin, '/en/docs/home')).revision.body).toBe(
      '[Install](/en/docs/install) and [same locale](/en/docs/install)',
    );
    // Without a locale every folder is a path, as before.
    const all = reportOf(await importMarkdown(server, admin, '/all', { file: wiki, name: 'w.zip' }));
    expect(all.pagesCreated).toBe(3);
    expect((await page(admin, '/all/docs/fr/home')).revision.body).toBe('Accueil');
  });

  it('refuses a locale that is not a name, or that the upload does not hold, changing nothing', async () => {
    const wiki = await zipOf({ 'en/home.md': 'Home', 'fr/home.md': 'Accueil' });
    const before = pageCount();
    const bad = await postImport(admin, '/', { file: wiki, name: 'w.zip' }, '../x');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ errors: { code: string }[] }>().errors[0]?.code).toBe('invalid_locale');
    const missing = await postImport(admin, '/', { file: wiki, name: 'w.zip' }, 'de');
    expect(missing.statusCode).toBe(400);
    const [error] = missing.json<{ errors: { code: string; message: string }[] }>().errors;
    expect(error).toMatchObject({ code: 'locale_not_found' });
    expect(error?.message).toContain('en, fr');
    expect(pageCount()).toBe(before);
  });

  it("reads Outline's export: a document beside its folder, dates in the entry comment, uploads", async () => {
    const outline = await zipOf({
      'Engineering/Onboarding.md': {
        data: '# Onboarding\n\n![diagram](uploads/u1/a1/diagram%20v2.png)\n[Laptop](Onboarding/Laptop.md)',
        comment: JSON.stringify({
          createdAt: '2021-06-01T00:00:00.000Z',
          updatedAt: '2021-07-01T00:00:00.000Z',
        }),
      },
      'Engineering/Onboarding/Laptop.md': 'Get a laptop.',
      'Engineering/uploads/u1/a1/diagram v2.png': PNG_1PX,
    });
    reportOf(await importMarkdown(server, admin, '/', { file: outline, name: 'outline-export.zip' }));
    const onboarding = await page(admin, '/Engineering/Onboarding');
    expect(onboarding.createdAt).toBe('2021-06-01T00:00:00.000Z');
    expect(onboarding.updatedAt).toBe('2021-07-01T00:00:00.000Z');
    const [diagram] = await attachmentsOf(admin, onboarding._id);
    expect(diagram?.originalName).toBe('diagram v2.png');
    expect(onboarding.revision.body).toContain(`![diagram](/attachment/${diagram!._id})`);
    expect(onboarding.revision.body).toContain('[Laptop](/Engineering/Onboarding/Laptop)');
    expect((await page(admin, '/Engineering/Onboarding/Laptop')).revision.body).toBe('Get a laptop.');
  });

  it("reads GROWI's page bulk export (tar.gz), renames what SPEC §5 refuses and leaves existing pages alone", async () => {
    expect((await admin.post('/_api/v3/page', { path: '/Sandbox', body: 'mine' })).statusCode).toBe(201);
    const growi = await tarGzOf({
      'Sandbox.md': 'theirs',
      'Sandbox/Math.md': '$$x$$',
      'Sandbox/What?.md': 'question',
      'admin.md': 'reserved area',
      'notes/edit.md': 'ends with edit',
    });
    const report = reportOf(await importMarkdown(server, admin, '/', { file: growi, name: 'growi.tar.gz' }));
    expect(report.renamed).toEqual([
      { file: 'Sandbox/What?.md', wanted: '/Sandbox/What?', path: '/Sandbox/What_' },
      { file: 'admin.md', wanted: '/admin', path: '/admin_' },
      { file: 'notes/edit.md', wanted: '/notes/edit', path: '/notes/edit_' },
    ]);
    expect(report.skipped).toEqual([{ file: 'Sandbox.md', reason: 'page_exists', path: '/Sandbox' }]);
    expect((await page(admin, '/Sandbox')).revision.body).toBe('mine');
    expect((await page(admin, '/Sandbox/Math')).revision.body).toBe('$$x$$');
    expect((await page(admin, '/Sandbox/What_')).revision.body).toBe('question');
    expect((await page(admin, '/admin_')).revision.body).toBe('reserved area');
  });

  it('imports a folder sent file by file, as a browser sends a chosen folder', async () => {
    const report = reportOf(
      await importMarkdown(server, admin, '/team', {
        folder: {
          'handbook/index.md': 'The handbook',
          'handbook/Leave.md': 'Ask first.',
          'handbook/form.pdf': '%PDF-1.4',
        },
      }),
    );
    expect(report).toMatchObject({ pagesCreated: 2, attachmentsCreated: 1 });
    const handbook = await page(admin, '/team/handbook');
    expect(handbook.revision.body).toBe('The handbook');
    expect((await attachmentsOf(admin, handbook._id))[0]).toMatchObject({
      originalName: 'form.pdf',
      fileFormat: 'application/pdf',
    });
    expect((await page(admin, '/team/handbook/Leave')).revision.body).toBe('Ask first.');
  });

  it("takes Quire's own Markdown export back: bodies, tags, dates and attachments", async () => {
    const created = await admin.post('/_api/v3/page', { path: '/docs', body: 'Top doc' });
    const docs = created.json<{ page: Page }>().page;
    await admin.post('/_api/v3/page', { path: '/docs/child', body: 'Child doc' });
    await admin.post('/_api/tags.update', {
      pageId: docs._id,
      revisionId: docs.revision._id,
      tags: ['kept'],
    });
    const zip = await admin.get(`/_api/v3/page/export/${docs._id}?format=zip`);
    expect(zip.statusCode).toBe(200);

    reportOf(await importMarkdown(server, admin, '/copy', { file: zip.rawPayload, name: 'docs.zip' }));
    const copy = await page(admin, '/copy/docs');
    expect(copy.revision.body).toBe('Top doc');
    expect(copy.createdAt).toBe(docs.createdAt);
    expect(copy.creator?.username).toBe(docs.creator?.username);
    expect(await tagsOf(admin, copy._id)).toEqual(['kept']);
    expect((await page(admin, '/copy/docs/child')).revision.body).toBe('Child doc');
  });
});

describe('Markdown import refuses, changing nothing', () => {
  it.each([
    ['a path out of the folder', 'xx/evil.md', '../evil.md'],
    ['an absolute name', 'xetc/evil.md', '/etc/evil.md'],
  ])('names the zip entry it refuses: %s', async (_what, written, hostile) => {
    const zip = await zipEntries(
      [
        { name: 'ok.md', data: 'x' },
        { name: written, data: 'x' },
      ],
      [[written, hostile]],
    );
    const before = pageCount();
    const res = await postImport(admin, '/', { file: zip, name: 'x.zip' });
    expect(res.statusCode, res.body).toBe(400);
    const [error] = res.json<{ errors: { code: string; message: string }[] }>().errors;
    expect(error?.code).toBe('unsafe_entry');
    expect(error?.message).toContain(hostile);
    expect(pageCount()).toBe(before);
  });

  it('refuses anyone but an administrator', async () => {
    const zip = await zipOf({ 'a.md': 'a' });
    const before = pageCount();
    expect((await postImport(bob, '/', { file: zip, name: 'a.zip' })).statusCode).toBe(403);
    expect((await bob.get('/_api/v3/markdown-import/status')).statusCode).toBe(403);
    const guest = await server.app.inject({ method: 'GET', url: '/_api/v3/markdown-import/status' });
    expect(guest.statusCode).toBe(401);
    expect(pageCount()).toBe(before);
  });

  it.each([
    [
      'a path out of the folder',
      async () => ({ file: await tarGzOf({ 'ok.md': 'x', '../evil.md': 'x' }), name: 'x.tar.gz' }),
      'unsafe_entry',
    ],
    [
      'a symbolic link',
      async () => ({ file: await tarGzOf({ 'ok.md': 'x' }, { 'link.md': '/etc/passwd' }), name: 'x.tar.gz' }),
      'unsafe_entry',
    ],
    [
      'a broken zip',
      async () => ({ file: Buffer.from('PK\u0003\u0004 not really'), name: 'x.zip' }),
      'broken_archive',
    ],
    [
      'something that is not Markdown',
      async () => ({ file: Buffer.from('MZ'), name: 'setup.exe' }),
      'not_markdown',
    ],
  ])('refuses %s', async (_what, make, code) => {
    const before = pageCount();
    const res = await postImport(admin, '/', await make());
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ errors: { code: string }[] }>().errors[0]?.code).toBe(code);
    expect(pageCount()).toBe(before);
    // The slot is free again: a good import goes through.
    expect(
      (await postImport(admin, '/', { file: await zipOf({ 'fine.md': 'x' }), name: 'f.zip' })).statusCode,
    ).toBe(202);
    await server.app.ctx.markdownImport.whenIdle();
  });

  it('refuses a path SPEC §5 refuses, with its message', async () => {
    const res = await postImport(admin, '/admin/x', { file: await zipOf({ 'a.md': 'a' }), name: 'a.zip' });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ errors: { message: string }[] }>().errors[0]?.message).toBe(
      'Invalid characters on path',
    );
  });
});
