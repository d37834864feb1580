// Worker thread: import, first half (stage.ts) off the server's thread. Parsing a 100k-page archive
// and writing its records to the staging file took about 10 s of the server's thread in slices
// of 500 records, each a pause for colleagues' requests (issue 32 §5). The staging file
// is the worker's alone; the wiki's database is not opened here. A large archive is staged by two
// such workers at once, each given its own collections and file (stage-runner.ts).
import { parentPort, workerData } from 'node:worker_threads';
import { AppError } from '../../lib/app-error';
import { openCheckedArchive } from '../../lib/zip-guard';
import { openStaging, stageCollection } from './stage';
import { workerFailure, yieldToServerThread } from '../../lib/module-worker';
import type { StageJob, StageMessage } from './stage-runner';

async function stage(job: StageJob): Promise<StageMessage> {
  const staging = openStaging(job.stagingFile);
  try {
    const archive = await openCheckedArchive(job.zipFile, job.limits);
    try {
      for (const collection of job.collections) {
        await stageCollection(archive, staging, collection, (count) =>
          parentPort?.postMessage({ type: 'count', collection, count } satisfies StageMessage),
        );
      }
      return { type: 'staged', meta: archive.meta };
    } finally {
      archive.zip.close();
    }
  } finally {
    staging.close();
  }
}

yieldToServerThread(); // two may run at once: the server's thread wins a shared core
stage(workerData as StageJob).then(
  (message) => parentPort?.postMessage(message),
  (err: unknown) => {
    const message: StageMessage =
      err instanceof AppError
        ? {
            type: 'failed',
            appError: {
              statusCode: err.statusCode,
              code: err.code,
              messageKey: err.messageKey,
              params: err.params,
            },
          }
        : workerFailure(err);
    parentPort?.postMessage(message);
  },
);
