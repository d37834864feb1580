// The archive import's stage and apply workers stream records: their young generation is held
// small (ARCHIVE_WORKER_LIMITS), where V8 would let it grow to 32 MiB of a 100k-page import's
// memory (issue 32).
import { describe, expect, it } from 'vitest';
import { startModuleWorker } from '../../src/server/lib/module-worker';
import { ARCHIVE_WORKER_LIMITS } from '../../src/server/modules/archive/stage';

const MiB = 2 ** 20;

async function largestYoungGeneration(limits?: typeof ARCHIVE_WORKER_LIMITS): Promise<number> {
  const worker = startModuleWorker(import.meta.url, '../helpers/heap-worker.ts', 'unused', null, limits);
  try {
    return await new Promise<number>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
  } finally {
    await worker.terminate();
  }
}

describe('archive workers’ memory', () => {
  it('keeps a streaming worker’s young generation at 8 MiB, where it would grow past it', async () => {
    expect(await largestYoungGeneration()).toBeGreaterThan(8 * MiB);
    expect(await largestYoungGeneration(ARCHIVE_WORKER_LIMITS)).toBeLessThanOrEqual(8 * MiB);
  }, 60_000);
});
