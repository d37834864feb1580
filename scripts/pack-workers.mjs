// pack-check's run of the packaged app's workers. The server starts its worker threads and the
// backup's child process from `app.asar.unpacked`, where files are read from disk as in plain
// Node, not through Electron's asar layer: whatever those files import (the shared chunks, the
// packages) must be unpacked beside them too, or the search rebuild, an archive import and a large
// backup fail in the installed app only. Each worker here runs one real job from the unpacked tree
// alone, under plain Node: a missing import stops it before it answers. (The .node binary there is
// Node's build: pack-check packs with npmRebuild off.)
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';

const require = createRequire(import.meta.url);
const Database = require('better-sqlite3');
const yazl = require('yazl');

const TAG = { _id: '5f0000000000000000000001', name: 'packed', __v: 0 };
const META = {
  version: '7.0.0',
  url: null,
  passwordSeed: null,
  exportedAt: '2026-01-01T00:00:00.000Z',
  envVars: {},
};
const LIMITS = {
  maxUpload: 1024 ** 2,
  maxEntries: 10,
  maxEntrySize: 1024 ** 2,
  maxTotalSize: 1024 ** 2,
  maxRatio: 100,
  ratioFloor: 1024 ** 2,
  maxMetaSize: 64 * 1024,
};

/** Runs `file` in a worker thread; resolves with its messages, or the error that stopped it. */
function runWorker(file, workerData) {
  return new Promise((resolve) => {
    const messages = [];
    let error = null;
    const worker = new Worker(file, { workerData });
    const timer = setTimeout(() => {
      error = new Error('no answer in 60 s');
      void worker.terminate();
    }, 60_000);
    worker.on('message', (message) => messages.push(message));
    worker.on('error', (err) => (error = err));
    worker.on('exit', () => {
      clearTimeout(timer);
      resolve({ messages, error });
    });
  });
}

/** A wiki database with the packed migrations applied by drizzle's migrator, as the server makes one. */
function makeWiki(file, migrations) {
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  migrate(drizzle(sqlite), { migrationsFolder: migrations });
  sqlite.close();
}

function makeArchive(file) {
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from(JSON.stringify([TAG])), 'tags.json');
  zip.addBuffer(Buffer.from(JSON.stringify(META)), 'meta.json');
  zip.end();
  return new Promise((resolve, reject) => {
    zip.outputStream.pipe(fs.createWriteStream(file)).on('finish', resolve).on('error', reject);
  });
}

/**
 * Runs every worker from `unpacked` (the app.asar.unpacked folder, outside any node_modules tree)
 * against a wiki made from `migrations` in `work`, and returns what went wrong, in words.
 */
export async function checkPackedWorkers(unpacked, migrations, work) {
  const problems = [];
  const workerFile = (name) => path.join(unpacked, 'out/main', `${name}.js`);
  const wiki = path.join(work, 'wiki.db');
  makeWiki(wiki, migrations);
  const expect = async (name, workerData, answer) => {
    const { messages, error } = await runWorker(workerFile(name), workerData);
    const last = messages.at(-1);
    if (error) problems.push(`${name} failed in the packaged app: ${error.message}`);
    else if (!answer(last)) problems.push(`${name} answered ${JSON.stringify(last)} in the packaged app`);
    return last;
  };

  const backupZip = path.join(work, 'backup.zip');
  const zip = {
    target: backupZip,
    attachmentsDir: path.join(work, 'attachments'),
    manifest: { reason: 'manual', createdAt: new Date().toISOString() },
  };
  await expect(
    'backup-check-worker',
    { file: path.join(work, 'copy.db'), snapshotFrom: wiki, zip },
    (m) => m?.problem === null && fs.existsSync(backupZip),
  );
  await expect('search-build-worker', { dbFile: wiki, dataDir: work }, (m) => m?.type === 'saved');
  const zipFile = path.join(work, 'archive.zip');
  await makeArchive(zipFile);
  const stagingFile = path.join(work, 'staging.db');
  const staged = await expect(
    'archive-stage-worker',
    { zipFile, limits: LIMITS, stagingFile, collections: ['tags'] },
    (m) => m?.type === 'staged',
  );
  if (staged?.type === 'staged') {
    const job = {
      dbFile: wiki,
      staging: [{ file: stagingFile, collections: ['tags'] }],
      meta: staged.meta,
      operatorId: 'pack-check',
      options: [{ collectionName: 'tags', mode: 'insert' }],
      cancelFlag: new SharedArrayBuffer(4),
    };
    await expect('archive-apply-worker', job, (m) => m?.type === 'applied');
    const db = new Database(wiki, { readonly: true });
    const tag = db.prepare('SELECT name FROM tags WHERE id = ?').get(TAG._id);
    db.close();
    if (tag?.name !== TAG.name) problems.push("archive-apply-worker did not write the archive's tag");
  }
  return problems;
}
