// A large archive is staged by two workers at once, each into a file of its own, and read back as
// one: the same records as one worker stages, the same import, the failure of either reported as
// the import's, and a cancel stopping both.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ArchiveCollection } from '../../src/shared/archive-types';
import { DEFAULT_ARCHIVE_LIMITS } from '../../src/server/lib/zip-guard';
import { ImportCancelled, runApplyWorker } from '../../src/server/modules/archive/apply-runner';
import { stageArchive, stagingGroups } from '../../src/server/modules/archive/stage-runner';
import { StagedArchive } from '../../src/server/modules/archive/staged-archive';
import { defaultOptions } from '../helpers/archive-flow';
import { growiZip } from '../helpers/archive';
import { GROWI_FIXTURE_COLLECTIONS, growiArchive } from '../helpers/growi-fixtures';
import { install, startTestServer, type TestServer } from '../helpers/server';

const MiB = 2 ** 20;
const dirs: string[] = [];
const servers: TestServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.cleanup();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function workDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-stage-parts-'));
  dirs.push(dir);
  return dir;
}

const COLLECTIONS: ArchiveCollection[] = [...GROWI_FIXTURE_COLLECTIONS];

/** Stages `zip` with every collection sized as `sizeOf` says (large: two workers). */
async function stage(zip: Buffer, sizeOf: (c: ArchiveCollection) => number, signal?: AbortSignal) {
  const dir = workDir();
  const zipFile = path.join(dir, 'archive.zip');
  fs.writeFileSync(zipFile, zip);
  const counts = new Map<ArchiveCollection, number>();
  const job = { zipFile, limits: DEFAULT_ARCHIVE_LIMITS, workDir: dir, collections: COLLECTIONS, sizeOf };
  const staged = await stageArchive(job, (c, n) => counts.set(c, n), signal);
  return { ...staged, counts };
}

const everyRecord = (staged: StagedArchive) =>
  Object.fromEntries(COLLECTIONS.map((c) => [c, [...staged.records(c)]]));

describe('staging in two workers', () => {
  it('shares the collections out by size, and keeps a small archive in one worker', () => {
    const sizes: Partial<Record<ArchiveCollection, number>> = {
      pages: 60 * MiB,
      revisions: 200 * MiB,
      tags: MiB,
    };
    const sizeOf = (c: ArchiveCollection) => sizes[c] ?? 0;
    expect(stagingGroups(['pages', 'revisions', 'tags'], sizeOf)).toEqual([['revisions'], ['pages', 'tags']]);
    expect(stagingGroups(['pages', 'tags'], () => MiB)).toEqual([['pages', 'tags']]);
    expect(stagingGroups(['revisions'], sizeOf)).toEqual([['revisions']]);
  });

  it('reads back what one worker stages, and applies it', async () => {
    const zip = await growiArchive('v7', '7.1.0');
    const alone = await stage(zip, () => 0);
    const apart = await stage(zip, (c) => (c === 'revisions' || c === 'pages' ? 64 * MiB : MiB));
    expect(alone.parts).toHaveLength(1);
    expect(apart.parts).toHaveLength(2);
    expect(apart.meta).toEqual(alone.meta);
    expect(apart.counts).toEqual(alone.counts);
    const [one, two] = [new StagedArchive(alone.parts), new StagedArchive(apart.parts)];
    try {
      expect(everyRecord(two)).toEqual(everyRecord(one));
      const fileId = [...two.records<{ id: string }>('attachmentFiles.files')][0]?.id ?? '';
      expect(two.chunksOf(fileId)).toEqual(one.chunksOf(fileId));
      expect(two.chunksOf(fileId).length).toBeGreaterThan(1);
    } finally {
      one.close();
      two.close();
    }

    // Each applied to a fresh wiki: the same outcome, collection by collection.
    const apply = async (staged: typeof alone) => {
      const server = await startTestServer();
      servers.push(server);
      await install(server.app);
      const { results } = await runApplyWorker({
        dbFile: path.join(server.dataDir, 'quire.db'),
        staging: staged.parts,
        meta: staged.meta,
        operatorId: server.app.ctx.users.findByUsername('admin')!.id,
        options: defaultOptions(['users', 'pages', 'revisions', 'tags', 'pagetagrelations', 'comments']),
      });
      return results;
    };
    const [fromOne, fromTwo] = [await apply(alone), await apply(apart)];
    expect(fromTwo).toEqual(fromOne);
    expect(fromTwo.find((r) => r.collectionName === 'revisions')?.insertedCount).toBeGreaterThan(0);
  });

  it('reports the failing worker’s error, not the other one stopping', async () => {
    // Many pages, still being staged when the revisions' first record fails.
    const hex = (n: number) => n.toString(16).padStart(24, '0');
    const T = '2024-01-01T00:00:00.000Z';
    const pages = Array.from({ length: 30_000 }, (_, i) => ({
      _id: hex(i + 1),
      path: `/p/${i}`,
      status: 'published',
      grant: 1,
      createdAt: T,
      updatedAt: T,
    }));
    const broken = await growiZip(
      { version: '7.1.0', url: 'https://wiki.growi.example', passwordSeed: 's', exportedAt: T, envVars: {} },
      { pages, revisions: [{ _id: 'not an id' }] },
    );
    const dir = workDir();
    const zipFile = path.join(dir, 'broken.zip');
    fs.writeFileSync(zipFile, broken);
    const job = {
      zipFile,
      limits: DEFAULT_ARCHIVE_LIMITS,
      workDir: dir,
      collections: ['pages', 'revisions'] as ArchiveCollection[],
      sizeOf: () => 64 * MiB,
    };
    await expect(stageArchive(job, () => {})).rejects.toMatchObject({ code: 'invalid_field' });
  });

  it('stops both workers on a cancel', async () => {
    const zip = await growiArchive('v7', '7.1.0');
    const controller = new AbortController();
    const staging = stage(zip, () => 64 * MiB, controller.signal);
    controller.abort();
    await expect(staging).rejects.toBeInstanceOf(ImportCancelled);
  });
});
