// `$refs` beyond one page (GROWI's `GET /_api/attachment-refs/refs`): the attachments of a page, or
// of every page below a prefix (with depth), kept by an RE2 regular expression on the file name;
// never an attachment of a page the reader may not list; a hostile expression costs nothing.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Agent, signInTeam, startTestServer, type TestServer } from '../helpers/server';
import { PNG_1PX, uploadAs } from '../helpers/multipart';
import { GRANT, type Page } from '../../src/shared/api-types';
import type { Attachment } from '../../src/shared/attachment-types';

let server: TestServer;
let bob: Agent;
let carol: Agent;
beforeEach(async () => {
  server = await startTestServer();
  ({ bob, carol } = await signInTeam(server.app, ['bob', 'carol']));
});
afterEach(async () => {
  await server.cleanup();
});

async function pageWithFiles(agent: Agent, path: string, names: string[], extra: object = {}): Promise<Page> {
  const res = await agent.post('/_api/v3/page', { path, body: 'x', ...extra });
  expect(res.statusCode, res.body).toBe(201);
  const page = res.json<{ page: Page }>().page;
  for (const name of names) {
    const up = await uploadAs(agent, page._id, { name, type: 'image/png', bytes: PNG_1PX });
    expect(up.statusCode, up.body).toBeLessThan(300);
  }
  return page;
}

async function refs(agent: Agent, query: string): Promise<string[]> {
  const res = await agent.get(`/_api/attachment-refs/refs?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ attachments: Attachment[] }>().attachments.map((a) => a.originalName);
}

describe('$refs with prefix, depth and regexp', () => {
  beforeEach(async () => {
    await pageWithFiles(bob, '/Gallery', ['cover.png']);
    await pageWithFiles(bob, '/Gallery/2024', ['a.png', 'notes.txt']);
    await pageWithFiles(bob, '/Gallery/2024/May', ['deep.PNG']);
    await pageWithFiles(bob, '/Gallery/Secret', ['hidden.png'], { grant: GRANT.owner });
    await pageWithFiles(bob, '/Galleryx', ['outside.png']);
  });

  it('lists the attachments of the prefix and every page below it, in path order', async () => {
    expect(await refs(carol, 'prefix=/Gallery')).toEqual(['cover.png', 'a.png', 'notes.txt', 'deep.PNG']);
    expect(await refs(carol, 'pagePath=/Gallery/2024')).toEqual(['a.png', 'notes.txt']);
  });

  it('limits depth from the prefix level as GROWI does', async () => {
    expect(await refs(carol, 'prefix=/Gallery&options[depth]=1')).toEqual(['cover.png']);
    expect(await refs(carol, 'prefix=/Gallery&options[depth]=2')).toEqual([
      'cover.png',
      'a.png',
      'notes.txt',
    ]);
  });

  it('keeps names matching the regular expression, /…/i or bare', async () => {
    expect(await refs(carol, `prefix=/Gallery&options[regexp]=${encodeURIComponent('/\\.png$/i')}`)).toEqual([
      'cover.png',
      'a.png',
      'deep.PNG',
    ]);
    expect(await refs(carol, `prefix=/Gallery&options[regexp]=${encodeURIComponent('^notes')}`)).toEqual([
      'notes.txt',
    ]);
  });

  it('answers guests only while guest reading is allowed', async () => {
    const guest = new Agent(server.app);
    expect((await guest.get('/_api/attachment-refs/refs?prefix=/Gallery')).statusCode).toBe(200);
    server.app.ctx.settings.set('security:restrictGuestMode', 'Deny');
    expect((await guest.get('/_api/attachment-refs/refs?prefix=/Gallery')).statusCode).toBe(401);
  });

  it('never names an attachment of a page the reader may not list', async () => {
    expect(await refs(carol, 'prefix=/Gallery')).not.toContain('hidden.png');
    expect(await refs(bob, 'prefix=/Gallery')).toContain('hidden.png');
    expect(await refs(carol, 'pagePath=/Gallery/Secret')).toEqual([]);
  });

  it('refuses a broken or overlong expression with a translated message, and a catastrophic one is harmless', async () => {
    const broken = await carol.get(
      `/_api/attachment-refs/refs?prefix=/Gallery&options[regexp]=${encodeURIComponent('(a')}`,
    );
    expect(broken.statusCode).toBe(400);
    expect(broken.json().errors[0].code).toBe('regexp_invalid');
    const long = await carol.get(
      `/_api/attachment-refs/refs?prefix=/Gallery&options[regexp]=${'a'.repeat(401)}`,
    );
    expect(long.statusCode).toBe(400);
    expect(long.json().errors[0].code).toBe('regexp_too_long');
    // Exponential for a backtracking engine on this name (the test would never end); linear for RE2.
    await pageWithFiles(bob, '/Gallery/Evil', [`${'a'.repeat(200)}!.png`]);
    expect(await refs(carol, `prefix=/Gallery&options[regexp]=${encodeURIComponent('^(a+)+$')}`)).toEqual([]);
  });
});
