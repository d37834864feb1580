// The search index's rebuild and a backup's check run beside the team's requests: their thread
// gives way to the server's own (lib/module-worker.ts yieldToServerThread).
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { BACKGROUND_NICE, startModuleWorker } from '../../src/server/lib/module-worker';

describe('background workers', () => {
  it.runIf(process.platform === 'linux')(
    'lower their own thread’s priority and not the server’s',
    async () => {
      const before = os.getPriority();
      const worker = startModuleWorker(import.meta.url, '../helpers/priority-worker.ts', 'unused', null);
      const reported = await new Promise((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
      });
      await worker.terminate();
      expect(reported).toBe(BACKGROUND_NICE);
      expect(os.getPriority()).toBe(before);
    },
  );
});
