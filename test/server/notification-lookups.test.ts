import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { install, startTestServer, type Agent, type TestServer } from '../helpers/server';
import type { Page } from '../../src/shared/api-types';
import { NotificationLookups } from '../../src/server/modules/notifications/lookups';

let server: TestServer;
let admin: Agent;
beforeEach(async () => {
  server = await startTestServer();
  admin = await install(server.app);
});
afterEach(async () => {
  vi.useRealTimers();
  await server.cleanup();
});

it('quote the revision before a save even when both saves share one millisecond', async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
  const save = async (page: Page, body: string) =>
    (await admin.put('/_api/v3/page', { pageId: page._id, revisionId: page.revision._id, body })).json<{
      page: Page;
    }>().page;
  const first = (await admin.post('/_api/v3/page', { path: '/Quoted', body: 'one' })).json<{ page: Page }>()
    .page;
  const second = await save(first, 'two');
  const third = await save(second, 'three');
  const lookups = new NotificationLookups(server.app.ctx.db);
  expect(lookups.revisionWithPrevious(first.revision._id)).toEqual({ body: 'one', previous: '' });
  expect(lookups.revisionWithPrevious(second.revision._id)).toEqual({ body: 'two', previous: 'one' });
  expect(lookups.revisionWithPrevious(third.revision._id)).toEqual({ body: 'three', previous: 'two' });
  expect(lookups.revisionWithPrevious('no-such-revision')).toBeUndefined();
});
