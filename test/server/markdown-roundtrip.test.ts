// Issue 29 §6: a subtree exported as Markdown and imported into a fresh wiki comes back the same —
// bodies, attachments, tags and dates — whatever characters the page and file names hold
// (parentheses, spaces, brackets, CJK, accents) and whatever the bodies hold (code, front matter).
import { afterEach, describe, expect, it } from 'vitest';
import { signInTeam, startTestServer, type Agent, type TestServer } from '../helpers/server';
import { importMarkdown } from '../helpers/markdown-import';
import { PNG_1PX, uploadAs } from '../helpers/multipart';
import type { Page } from '../../src/shared/api-types';
import type { Attachment } from '../../src/shared/attachment-types';

const servers: TestServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.cleanup();
});

async function start(): Promise<{ server: TestServer; admin: Agent }> {
  const server = await startTestServer();
  servers.push(server);
  const { admin } = await signInTeam(server.app, []);
  return { server, admin };
}

async function pageAt(agent: Agent, path: string): Promise<Page> {
  const res = await agent.get(`/_api/v3/page?path=${encodeURIComponent(path)}`);
  expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
  return res.json<{ page: Page }>().page;
}

const attachmentsOf = async (agent: Agent, pageId: string) =>
  (await agent.get(`/_api/v3/attachment/list?pageId=${pageId}`)).json<{
    paginateResult: { docs: Attachment[] };
  }>().paginateResult.docs;

const tagsOf = async (agent: Agent, pageId: string) =>
  (await agent.get(`/_api/pages.getPageTag?pageId=${pageId}`)).json<{ tags: string[] }>().tags;

/** Each page: its path, an attachment's name (or none), tags, and a body around `{att}` (the attachment's URL). */
const PAGES = [
  {
    path: '/rt/Demos (1968)',
    file: 'Demos (1968).ogg',
    tags: ['audio', 'archive'],
    body: '---\ndescription: Kept field\n---\n\nListen: [the tape]({att})\n\n```md\n[[not a link]] ![x](y.png)\n```',
  },
  { path: '/rt/日本語 ページ', file: '写真 1.png', tags: ['日本'], body: '## 見出し\n\n![写真]({att})' },
  {
    path: "/rt/a & b's [draft]",
    file: 'Ünïcödé (v2) [final].png',
    tags: [],
    body: "It's *a & b*: ![pic]({att})",
  },
  {
    path: '/rt',
    file: null,
    tags: ['top'],
    // A link, an embed, a wiki link out of the subtree, and a picture another page holds.
    body: '# Round trip\n\nSee [the demos](/rt/Demos%20(1968)).\n\n![[/rt/日本語 ページ#見出し|embedded]]\n\n[[/elsewhere/page]] ![cover]({other})',
  },
];

describe('Markdown export, then import into a fresh wiki', () => {
  it('gives every page back with the same body, attachments, tags and dates', async () => {
    const source = await start();
    const made = new Map<string, { page: Page; attachment: Attachment | null }>();
    for (const spec of PAGES) {
      const created = await source.admin.post('/_api/v3/page', { path: spec.path, body: 'draft' });
      expect(created.statusCode, created.body).toBe(201);
      let page = created.json<{ page: Page }>().page;
      let attachment: Attachment | null = null;
      if (spec.file) {
        const upload = await uploadAs(source.admin, page._id, {
          name: spec.file,
          type: 'image/png',
          bytes: PNG_1PX,
        });
        expect(upload.statusCode, upload.body).toBe(200);
        attachment = upload.json<{ attachment: Attachment }>().attachment;
      }
      const other = [...made.values()].find((m) => m.attachment)?.attachment;
      const body = spec.body
        .replace('{att}', attachment ? `/attachment/${attachment._id}` : '')
        .replace('{other}', other ? `/attachment/${other._id}` : '');
      const saved = await source.admin.put('/_api/v3/page', {
        pageId: page._id,
        revisionId: page.revision._id,
        body,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      await source.admin.post('/_api/tags.update', {
        pageId: page._id,
        revisionId: page.revision._id,
        tags: spec.tags,
      });
      page = await pageAt(source.admin, spec.path);
      made.set(spec.path, { page, attachment });
    }
    const top = made.get('/rt')!.page; // exported with everything below it
    const zip = await source.admin.get(`/_api/v3/page/export/${top._id}?format=zip`);
    expect(zip.statusCode).toBe(200);

    const target = await start();
    const last = await importMarkdown(target.server, target.admin, '/', {
      file: zip.rawPayload,
      name: 'rt.zip',
    });
    if (!last?.ok) throw new Error(JSON.stringify(last));
    expect(last.report).toMatchObject({
      pagesCreated: PAGES.length,
      attachmentsCreated: 3,
      skipped: [],
      flagged: [],
    });

    // Each attachment of the source by its id, and the one of the same name in the new wiki.
    const newIds = new Map<string, string>();
    for (const spec of PAGES) {
      const { attachment } = made.get(spec.path)!;
      const after = await pageAt(target.admin, spec.path);
      const [copy] = await attachmentsOf(target.admin, after._id);
      if (attachment && copy) newIds.set(attachment._id, copy._id);
    }
    for (const spec of PAGES) {
      const before = made.get(spec.path)!;
      const after = await pageAt(target.admin, spec.path);
      const [attachment] = await attachmentsOf(target.admin, after._id);
      const expectedBody = before.page.revision.body.replace(
        /\/attachment\/([0-9a-f]{24})/g,
        (_m, id: string) => `/attachment/${newIds.get(id)}`,
      );
      expect(after.revision.body, spec.path).toBe(expectedBody);
      expect(after.createdAt, spec.path).toBe(before.page.createdAt);
      expect(after.updatedAt, spec.path).toBe(before.page.updatedAt);
      expect((await tagsOf(target.admin, after._id)).sort(), spec.path).toEqual([...spec.tags].sort());
      if (spec.file) {
        expect(attachment).toMatchObject({ originalName: spec.file, fileSize: PNG_1PX.length });
        const bytes = await target.admin.get(`/attachment/${attachment!._id}`);
        expect(bytes.rawPayload.equals(PNG_1PX), spec.path).toBe(true);
      }
    }
  });
});
