import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import yauzl from 'yauzl';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Agent } from '../helpers/server';
import { createGroup, signInTeam, startTestServer, type TestServer } from '../helpers/server';
import { PNG_1PX, uploadAs } from '../helpers/multipart';
import { GRANT, type Page } from '../../src/shared/api-types';
import type { Attachment } from '../../src/shared/attachment-types';
import type { MarkdownExportJob } from '../../src/shared/markdown-io-types';

let server: TestServer;
let admin: Agent;
let bob: Agent;
let carol: Agent;
beforeEach(async () => {
  server = await startTestServer();
  ({ admin, bob, carol } = await signInTeam(server.app, ['bob', 'carol']));
});
afterEach(async () => {
  await server.cleanup();
});

async function create(agent: Agent, pagePath: string, body: string, extra: object = {}): Promise<Page> {
  const res = await agent.post('/_api/v3/page', { path: pagePath, body, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ page: Page }>().page;
}

async function tag(agent: Agent, page: Page, tags: string[]) {
  const res = await agent.post('/_api/tags.update', {
    pageId: page._id,
    revisionId: page.revision._id,
    tags,
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** Splits `---\nYAML---\n\nbody` and parses the YAML. */
function readMarkdown(text: string): { meta: Record<string, unknown>; body: string } {
  const match = /^---\n([\s\S]*?)---\n\n([\s\S]*)$/.exec(text);
  if (!match) throw new Error(`no front matter in ${text}`);
  return { meta: parse(match[1] ?? '') as Record<string, unknown>, body: match[2] ?? '' };
}

async function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'quire-md-')), 'export.zip');
  fs.writeFileSync(file, bytes);
  const entries = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      zip.on('end', resolve);
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
  return entries;
}

describe('Markdown export', () => {
  it('gives one page as a .md file with YAML front matter', async () => {
    const page = await create(bob, '/Guide/Setup', '# Setup\n\nInstall it.');
    await tag(bob, page, ['howto', 'ops']);
    const res = await carol.get(`/_api/v3/page/export/${page._id}?format=md`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('Setup.md');
    const { meta, body } = readMarkdown(res.body);
    expect(meta).toEqual({
      title: 'Setup',
      tags: ['howto', 'ops'],
      created: page.createdAt,
      updated: page.updatedAt,
      author: 'bob',
    });
    expect(body).toBe('# Setup\n\nInstall it.');
  });

  it('refuses pages the caller may not read, and bad ids', async () => {
    const secret = await create(bob, '/Secret', 'mine', { grant: GRANT.owner });
    expect((await carol.get(`/_api/v3/page/export/${secret._id}?format=md`)).statusCode).toBe(404);
    expect((await bob.get(`/_api/v3/page/export/${secret._id}?format=md`)).statusCode).toBe(200);
    expect((await bob.get('/_api/v3/page/export/nope?format=md')).statusCode).toBe(400);
    expect((await bob.get(`/_api/v3/page/export/${secret._id}?format=pdf`)).statusCode).toBe(400);
  });

  it('gives a subtree as a zip: nested folders, attachments beside, links relative, only readable pages', async () => {
    const groupId = await createGroup(admin, 'team', ['bob']);
    const top = await create(bob, '/Proj', 'Top of the project');
    const spec = await create(bob, '/Proj/Spec', 'placeholder');
    const upload = await uploadAs(bob, spec._id, { name: 'diagram.png', type: 'image/png', bytes: PNG_1PX });
    expect(upload.statusCode, upload.body).toBeLessThan(300);
    const attachment = upload.json<{ attachment: Attachment }>().attachment;
    const saved = await bob.put('/_api/v3/page', {
      pageId: spec._id,
      revisionId: spec.revision._id,
      body: `See ![diagram](/attachment/${attachment._id}) and [raw](http://localhost:3000/download/${attachment._id}).`,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await tag(bob, top, ['project']);
    await create(bob, '/Proj/Spec/Deep', 'deep page');
    await create(bob, '/Proj/Private', 'bob only', { grant: GRANT.owner });
    await create(bob, '/Proj/Team', 'team only', {
      grant: GRANT.userGroup,
      grantUserGroupIds: [{ type: 'UserGroup', item: groupId }],
    });
    await create(bob, '/Projection', 'not below /Proj');

    const asCarol = await carol.get(`/_api/v3/page/export/${top._id}?format=zip`);
    expect(asCarol.statusCode, asCarol.body).toBe(200);
    expect(asCarol.headers['content-type']).toBe('application/zip');
    const files = await unzip(asCarol.rawPayload);
    expect([...files.keys()].sort()).toEqual([
      'Proj.md',
      'Proj/Spec.md',
      'Proj/Spec/Deep.md',
      'Proj/Spec/diagram.png',
    ]);
    const topFile = readMarkdown(files.get('Proj.md')?.toString() ?? '');
    expect(topFile.meta).toMatchObject({ title: 'Proj', tags: ['project'], author: 'bob' });
    const specFile = readMarkdown(files.get('Proj/Spec.md')?.toString() ?? '');
    expect(specFile.meta).toMatchObject({ title: 'Spec', tags: [] });
    expect(specFile.body).toBe('See ![diagram](Spec/diagram.png) and [raw](Spec/diagram.png).');
    expect(files.get('Proj/Spec/diagram.png')).toEqual(PNG_1PX);
    expect(readMarkdown(files.get('Proj/Spec/Deep.md')?.toString() ?? '').body).toBe('deep page');

    // Bob reads his own page and his group's page too.
    const asBob = await unzip((await bob.get(`/_api/v3/page/export/${top._id}?format=zip`)).rawPayload);
    expect([...asBob.keys()].filter((f) => f.endsWith('.md')).sort()).toEqual([
      'Proj.md',
      'Proj/Private.md',
      'Proj/Spec.md',
      'Proj/Spec/Deep.md',
      'Proj/Team.md',
    ]);
  });

  it('runs a subtree export as a job with progress, for its owner only', async () => {
    const top = await create(bob, '/Job', 'top');
    for (let i = 0; i < 120; i++) await create(bob, `/Job/Page ${i}`, `page ${i}`);
    await create(bob, '/Job/Private', 'bob only', { grant: GRANT.owner });

    const started = await carol.post('/_api/v3/page-bulk-export', { pageId: top._id, format: 'md' });
    expect(started.statusCode, started.body).toBe(202);
    const { job } = started.json<{ job: MarkdownExportJob }>();
    // Pages Carol may not list are not counted either.
    expect(job).toMatchObject({ status: 'running', total: 121, fileName: 'Job.zip' });
    // Someone else's job is not there for them; guests have none.
    expect((await bob.get(`/_api/v3/page-bulk-export/${job.id}`)).statusCode).toBe(404);
    const guest = await server.app.inject({ method: 'GET', url: `/_api/v3/page-bulk-export/${job.id}` });
    expect(guest.statusCode).toBe(401);

    let now = job;
    const seen = new Set<number>();
    while (now.status === 'running') {
      seen.add(now.current);
      await new Promise((resolve) => setTimeout(resolve, 5));
      now = (await carol.get(`/_api/v3/page-bulk-export/${job.id}`)).json<{ job: MarkdownExportJob }>().job;
    }
    expect(now).toMatchObject({ status: 'done', current: 121, total: 121, pages: 121 });
    expect((await bob.get(`/_api/v3/page-bulk-export/${job.id}/download`)).statusCode).toBe(404);
    const download = await carol.get(`/_api/v3/page-bulk-export/${job.id}/download`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain('Job.zip');
    const files = await unzip(download.rawPayload);
    expect(files.size).toBe(121);
    expect(files.has('Job/Private.md')).toBe(false);
    expect(readMarkdown(files.get('Job/Page 7.md')?.toString() ?? '').body).toBe('page 7');
  });

  it('refuses a job for a page the caller may not read, and bad ids', async () => {
    const secret = await create(bob, '/Secret', 'bob only', { grant: GRANT.owner });
    expect((await carol.post('/_api/v3/page-bulk-export', { pageId: secret._id })).statusCode).toBe(404);
    expect((await carol.post('/_api/v3/page-bulk-export', { pageId: '../x' })).statusCode).toBe(400);
    expect((await carol.get('/_api/v3/page-bulk-export/not-an-id')).statusCode).toBe(400);
  });
});
