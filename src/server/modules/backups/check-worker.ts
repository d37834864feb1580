// Runs a backup's integrity check in a worker thread (check-runner.ts starts it).
import { parentPort, workerData } from 'node:worker_threads';
import { checkDatabaseFile } from './snapshot';
import { yieldToServerThread } from '../../lib/module-worker';

yieldToServerThread();
parentPort?.postMessage({ problem: checkDatabaseFile(workerData as string) });
