// Worker thread: applies a staged import to the wiki's database in ONE transaction, on a connection
// of its own, so the server's thread keeps answering reads meanwhile (WAL: readers see the wiki as
// it was until the commit). A cancelled import throws at its next record, inside the transaction:
// SQLite rolls everything back.
import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';
import type { ArchiveCollection } from '../../../shared/archive-types';
import { ApplyContext } from './apply-context';
import { ImportCancelled, type ApplyJob, type ApplyMessage } from './apply-runner';
import { workerFailure } from '../../lib/module-worker';
import { StagedArchive } from './staged-archive';
import { applyExternalAccounts, applyGroups, applyMemberships, applyUsers } from './apply-people';
import { applyPages, applyRevisions, repairPages } from './apply-pages';
import {
  applyAttachments,
  applyBookmarks,
  applyComments,
  applyConfigs,
  applyPageTags,
  applyRedirects,
  applyShareLinks,
  applyTags,
} from './apply-social';

/** Dependency order: what a row refers to is written before it. */
const WRITERS: [ArchiveCollection, (c: ApplyContext) => void][] = [
  ['users', applyUsers],
  ['usergroups', applyGroups],
  ['usergrouprelations', applyMemberships],
  ['externalaccounts', applyExternalAccounts],
  ['pages', applyPages],
  ['revisions', applyRevisions],
  ['tags', applyTags],
  ['pagetagrelations', applyPageTags],
  ['comments', applyComments],
  ['bookmarks', applyBookmarks],
  ['sharelinks', applyShareLinks],
  ['pageredirects', applyRedirects],
  ['configs', applyConfigs],
];

function apply(job: ApplyJob): ApplyMessage {
  const sqlite = new Database(job.dbFile);
  const staged = new StagedArchive(job.staging);
  try {
    // The server's own pragmas (db/client.ts) where they matter to writes.
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = FULL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 30000');
    // One transaction writes every page and revision: with SQLite's default 2 MiB cache it spilled
    // and re-read pages all along. 16 MiB: 100k pages in 10.9-11.3 s against 12.0-12.1 (paired
    // runs of `npm run bench -- archive`), the import's RSS growth unchanged (issue 32).
    sqlite.pragma('cache_size = -16384');
    const options = new Map(job.options.map((o) => [o.collectionName as ArchiveCollection, o]));
    const flag = new Int32Array(job.cancelFlag);
    const context = new ApplyContext(sqlite, staged, job.meta, job.operatorId, options, () => {
      if (Atomics.load(flag, 0) === 1) throw new ImportCancelled();
    });
    let written: string[] = [];
    sqlite
      .transaction(() => {
        for (const [collection, write] of WRITERS) if (options.has(collection)) write(context);
        // Attachments last: their pages must be there.
        if (options.has('attachments')) written = applyAttachments(context);
        if (options.has('pages') || options.has('revisions')) repairPages(context);
      })
      .immediate();
    return { type: 'applied', written, results: [...context.results.values()] };
  } catch (err) {
    if (err instanceof ImportCancelled) return { type: 'cancelled' };
    return workerFailure(err);
  } finally {
    staged.close();
    sqlite.close();
  }
}

parentPort?.postMessage(apply(workerData as ApplyJob));
