// `npm start`: build if needed, then open the desktop app — or, where Electron cannot run (its
// binary was never downloaded, or Linux without a display, e.g. CI or a server box), say so in one
// line and run the same wiki server headless. Extra arguments go to whichever runs:
//   npm start -- --port 3001 --host 0.0.0.0
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  BUILD_INPUTS,
  BUILD_OUTPUTS,
  decideLaunch,
  headlessNotice,
  headlessUrl,
  locateElectron,
  needsBuild,
  newestMtime,
} from './electron-check.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const args = process.argv.slice(2);

function mtimeOrNull(file) {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return null;
  }
}

function buildIfStale() {
  const outputs = BUILD_OUTPUTS.map((p) => mtimeOrNull(path.join(root, p)));
  const newestInput = newestMtime(BUILD_INPUTS.map((p) => path.join(root, p)));
  if (!needsBuild(outputs, newestInput)) return;
  console.log('Quire: building first (out/ is missing or older than src/).');
  // The local electron-vite, run by this Node: no npx, no shell, same on every platform.
  const cli = path.join(path.dirname(require.resolve('electron-vite/package.json')), 'bin/electron-vite.js');
  const result = spawnSync(process.execPath, [cli, 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** Runs a child with our terminal, passes on SIGINT/SIGTERM, and exits with its code. */
function runForwarding(command, commandArgs, env) {
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

buildIfStale();
const electron = locateElectron(require, fs.existsSync);
const decision = decideLaunch({ electronPath: electron.path, platform: process.platform, env: process.env });
if (decision.mode === 'electron') {
  // ELECTRON_RUN_AS_NODE (inherited from some tools) would make Electron a plain Node: drop it.
  const { ELECTRON_RUN_AS_NODE: _runAsNode, ...env } = process.env;
  runForwarding(decision.electronPath, ['.', ...args], env);
} else {
  console.log(headlessNotice(decision.reasons, headlessUrl(args, process.env)));
  runForwarding(process.execPath, [path.join(root, 'out/main/server.js'), ...args], process.env);
}
