// Search follows the real page lifecycle (issue 3's routes): rename, duplicate, trash, put back, delete.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { install, startTestServer, type Agent, type TestServer } from '../helpers/server';
import type { SearchResponse } from '../../src/shared/search-types';

let server: TestServer;
let admin: Agent;
beforeEach(async () => {
  server = await startTestServer();
  admin = await install(server.app);
  await server.app.ctx.search.whenIdle();
});
afterEach(async () => {
  await server.cleanup();
});

const found = async (q: string) =>
  (await admin.get(`/_api/v3/search?q=${encodeURIComponent(q)}`))
    .json<SearchResponse>()
    .data.map((h) => h.data.path)
    .sort();

it('keeps results current through rename, duplicate, trash, put back and complete deletion', async () => {
  const root = (await admin.post('/_api/v3/page', { path: '/Proj', body: 'walrus root' })).json().page;
  await admin.post('/_api/v3/page', { path: '/Proj/Child', body: 'walrus child' });

  const renamed = await admin.put('/_api/v3/pages/rename', {
    pageId: root._id,
    revisionId: root.revision._id,
    newPagePath: '/Project',
    isRecursively: true,
  });
  expect(renamed.statusCode, renamed.body).toBe(200);
  expect(await found('walrus')).toEqual(['/Project', '/Project/Child']);

  const copy = await admin.post('/_api/v3/pages/duplicate', { pageId: root._id, pageNameInput: '/Copy' });
  expect(copy.statusCode, copy.body).toBe(201);
  expect(await found('walrus root')).toEqual(['/Copy', '/Project']);

  const deleted = await admin.post('/_api/v3/pages/delete', {
    pageIdToRevisionIdMap: { [root._id]: root.revision._id },
    isRecursively: true,
  });
  expect(deleted.statusCode, deleted.body).toBe(200);
  expect(await found('walrus')).toEqual(['/Copy']);
  expect(await found('walrus prefix:/trash')).toEqual(['/trash/Project', '/trash/Project/Child']);

  const reverted = await admin.put('/_api/v3/pages/revert', { pageId: root._id, isRecursively: true });
  expect(reverted.statusCode, reverted.body).toBe(200);
  expect(await found('walrus')).toEqual(['/Copy', '/Project', '/Project/Child']);

  const gone = await admin.post('/_api/v3/pages/delete', {
    pageIdToRevisionIdMap: { [copy.json().page._id]: copy.json().page.revision._id },
    isCompletely: true,
  });
  expect(gone.statusCode, gone.body).toBe(200);
  expect(await found('walrus')).toEqual(['/Project', '/Project/Child']);
});
