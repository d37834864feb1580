// A worker that does what the server's background workers do first, then tells its thread's priority.
import os from 'node:os';
import { parentPort } from 'node:worker_threads';
import { yieldToServerThread } from '../../src/server/lib/module-worker';

yieldToServerThread();
parentPort?.postMessage(os.getPriority());
