// A module for the module-process test, run in a child process: answers with where and how it ran,
// or stops without an answer when the job asks it to.
import os from 'node:os';
import { serveModuleJob } from '../../src/server/lib/module-process';

serveModuleJob((job: { n: number; stop?: boolean }) => {
  if (job.stop) process.exit(3);
  return { pid: process.pid, priority: os.getPriority(), twice: job.n * 2 };
});
