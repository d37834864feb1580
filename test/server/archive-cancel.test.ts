// Cancelling an import: before the apply step it ends the staging worker at once; inside the apply
// step (the worker's transaction) it throws at the next record and SQLite rolls back. Either way
// the wiki is exactly as it was.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ImportCancelled, runApplyWorker } from '../../src/server/modules/archive/apply-runner';
import type { StagingPart } from '../../src/server/modules/archive/staged-archive';
import { openStaging, stageCollection } from '../../src/server/modules/archive/stage';
import { DEFAULT_ARCHIVE_LIMITS, openCheckedArchive } from '../../src/server/lib/zip-guard';
import type { ZipFileStat } from '../../src/shared/archive-types';
import { defaultOptions, exportZip, uploadZip } from '../helpers/archive-flow';
import { createUser, install, signIn, startTestServer, type TestServer } from '../helpers/server';

const servers: TestServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.cleanup();
});

async function archiveOfPages(count: number) {
  const source = await startTestServer();
  servers.push(source);
  const admin = await install(source.app);
  for (let i = 0; i < count; i++) {
    const res = await admin.post('/_api/v3/page', { path: `/moved/page-${i}`, body: `Page ${i}` });
    expect(res.statusCode).toBe(201);
  }
  return exportZip(source, admin, ['pages', 'revisions']);
}

const pageCount = (server: TestServer) =>
  (server.app.ctx.db.$client.prepare('SELECT count(*) AS n FROM pages').get() as { n: number }).n;

describe('cancelling an import', () => {
  it('inside the apply transaction rolls everything back; left alone, the same job applies', async () => {
    const zip = await archiveOfPages(5);
    const target = await startTestServer();
    servers.push(target);
    await install(target.app);
    const before = pageCount(target);
    const zipFile = path.join(target.dataDir, 'cancel-test.zip');
    fs.writeFileSync(zipFile, zip);
    const stagingFile = path.join(target.dataDir, 'staging.db');
    const staging = openStaging(stagingFile);
    const archive = await openCheckedArchive(zipFile, DEFAULT_ARCHIVE_LIMITS);
    for (const collection of ['pages', 'revisions'] as const)
      await stageCollection(archive, staging, collection, () => {});
    archive.zip.close();
    const job = {
      dbFile: path.join(target.dataDir, 'quire.db'),
      staging: [{ file: stagingFile, collections: ['pages', 'revisions'] }] satisfies StagingPart[],
      meta: archive.meta,
      operatorId: target.app.ctx.users.findByUsername('admin')!.id,
      options: defaultOptions(['pages', 'revisions']),
    };

    const controller = new AbortController();
    const cancelled = runApplyWorker(job, controller.signal);
    controller.abort(); // Long before the worker reaches its first record.
    await expect(cancelled).rejects.toBeInstanceOf(ImportCancelled);
    expect(pageCount(target)).toBe(before);

    const applied = await runApplyWorker(job);
    expect(applied.results.find((r) => r.collectionName === 'pages')?.insertedCount).toBeGreaterThanOrEqual(
      5,
    );
    expect(pageCount(target)).toBeGreaterThanOrEqual(before + 5);
    staging.close();
  });

  it('before the apply step stops at once, says so, and changes nothing', async () => {
    const zip = await archiveOfPages(3);
    const target = await startTestServer();
    servers.push(target);
    const admin = await install(target.app);
    const before = pageCount(target);
    const { fileName } = (await uploadZip(admin, zip)).json<ZipFileStat>();
    const service = target.app.ctx.archiveImport;
    const operator = { id: target.app.ctx.users.findByUsername('admin')!.id, lang: 'en_US' as const };
    await service.start(operator, fileName, ['pages', 'revisions'], defaultOptions(['pages', 'revisions']));
    expect(service.cancel()).toBe(true);
    await service.whenIdle();
    const status = (await admin.get('/_api/v3/import/status')).json();
    expect(status.lastOutcome).toMatchObject({
      ok: false,
      message: 'The import was cancelled. Nothing was changed.',
    });
    expect(status.isImporting).toBe(false);
    expect(pageCount(target)).toBe(before);
  });

  it('is for administrators, and says when nothing runs', async () => {
    const server = await startTestServer();
    servers.push(server);
    const admin = await install(server.app);
    await createUser(server.app, 'bob');
    const bob = await signIn(server.app, 'bob');
    expect((await bob.post('/_api/v3/import/cancel')).statusCode).toBe(403);
    const idle = await admin.post('/_api/v3/import/cancel');
    expect(idle.statusCode).toBe(409);
    expect(idle.json().errors[0].message).toBe('No import is running.');
  });
});
