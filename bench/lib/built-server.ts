// Benchmarks of start-up measure the built server (out/main/server.js: what `npm run serve` and the
// desktop app run), building it first when the sources are newer. The build's output goes to
// stderr: stdout carries only the benchmark's JSON.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { BUILD_INPUTS, BUILD_OUTPUTS, needsBuild, newestMtime } from '../../scripts/electron-check.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');
export const BUILT_SERVER = 'out/main/server.js';

const mtimeOrNull = (file: string) =>
  fs.statSync(path.join(ROOT, file), { throwIfNoEntry: false })?.mtimeMs ?? null;

export function ensureBuilt(): void {
  const newestInput = newestMtime(BUILD_INPUTS.map((p) => path.join(ROOT, p)));
  if (!needsBuild(BUILD_OUTPUTS.map(mtimeOrNull), newestInput)) return;
  const cli = path.join(
    path.dirname(createRequire(import.meta.url).resolve('electron-vite/package.json')),
    'bin/electron-vite.js',
  );
  const result = spawnSync(process.execPath, [cli, 'build'], { cwd: ROOT, stdio: ['ignore', 2, 2] });
  if (result.status !== 0) throw new Error('the build failed');
}
