// Work whose memory must go back to the system runs in a child process for one job
// (lib/module-process.ts): one answer, a clear failure when it stops, and a failure of its own
// when no process could be started, so the caller can use a worker thread instead.
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { ModuleProcessNotStarted, runModuleProcess } from '../../src/server/lib/module-process';
import { BACKGROUND_NICE } from '../../src/server/lib/module-worker';

const run = (job: object, source = '../helpers/echo-process.ts') =>
  runModuleProcess<{ pid: number; priority: number; twice: number }>(import.meta.url, source, 'unused', job);

describe('a module run in a child process', () => {
  it('answers the job from another process, at a lower priority than the server', async () => {
    const before = os.getPriority();
    const answer = await run({ n: 21 });
    expect(answer.twice).toBe(42);
    expect(answer.pid).not.toBe(process.pid);
    if (process.platform === 'linux') expect(answer.priority).toBe(BACKGROUND_NICE);
    expect(os.getPriority()).toBe(before);
  });

  it('fails plainly when the process stops before it answers', async () => {
    const stopped = run({ n: 1, stop: true });
    await expect(stopped).rejects.toThrow('stopped (3)');
    await expect(stopped).rejects.not.toBeInstanceOf(ModuleProcessNotStarted);
  });

  it('says so when the process never ran', async () => {
    await expect(run({ n: 1 }, '../helpers/no-such-module.ts')).rejects.toBeInstanceOf(
      ModuleProcessNotStarted,
    );
  });
});
