// A worker that allocates as a streaming import does (most objects die young, some live a while),
// then tells the largest its young generation grew.
import v8 from 'node:v8';
import { parentPort } from 'node:worker_threads';

const newSpace = () => v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')?.space_size ?? 0;
let largest = newSpace();
let kept: object[] = [];
for (let i = 0; i < 400_000; i++) {
  kept.push({ id: `record-${i}`, body: 'x'.repeat(64) + i, tags: [i, i + 1] });
  if (kept.length === 5_000) kept = [];
  if (i % 1000 === 0) largest = Math.max(largest, newSpace());
}
parentPort?.postMessage(largest);
