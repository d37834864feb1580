// Shared by `npm start` and `npm run serve`: build when the sources are newer than out/, and run a
// child process in our terminal, passing signals on and exiting with its code.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUILD_INPUTS, BUILD_OUTPUTS, needsBuild, newestMtime } from './electron-check.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

function mtimeOrNull(file) {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return null;
  }
}

export function buildIfStale() {
  const outputs = BUILD_OUTPUTS.map((p) => mtimeOrNull(path.join(root, p)));
  const newestInput = newestMtime(BUILD_INPUTS.map((p) => path.join(root, p)));
  if (!needsBuild(outputs, newestInput)) return;
  console.log('Quire: building first (out/ is missing or older than src/).');
  // The local electron-vite, run by this Node: no npx, no shell, same on every platform.
  const cli = path.join(path.dirname(require.resolve('electron-vite/package.json')), 'bin/electron-vite.js');
  const result = spawnSync(process.execPath, [cli, 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/**
 * The wiki server's environment: two glibc malloc arenas and a fixed mmap threshold unless the user
 * chose (see src/main/server-env.ts, which the desktop's forks use, for why).
 */
export function serverEnv(env) {
  return {
    ...env,
    MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX ?? '2',
    MALLOC_MMAP_THRESHOLD_: env.MALLOC_MMAP_THRESHOLD_ ?? '131072',
  };
}

/** Runs a child with our terminal, passes on SIGINT/SIGTERM, and exits with its code. */
export function runForwarding(command, commandArgs, env) {
  const child = spawn(command, commandArgs, { cwd: root, stdio: 'inherit', env });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('error', (err) => {
    console.error(`Quire: could not run ${command}: ${err.message}`);
    process.exit(1);
  });
  child.on('exit', (code, signal) => {
    process.exit(code ?? (signal ? 128 + (os.constants.signals[signal] ?? 0) : 1));
  });
}
