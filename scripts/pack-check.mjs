// `npm run test:pack`: packs the desktop app the way `npm run dist` does, offline, and checks what
// went in. electron-builder cannot download Electron here, but it copies any folder given as
// `electronDist` as "an already unpacked Electron": a stand-in folder lets it produce
// `linux-unpacked/` with the real app.asar. npmRebuild stays off: a rebuild for Electron's ABI would
// replace the Node build of better-sqlite3 that the server and tests use. Needs `npm run build`.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkPackedWorkers } from './pack-workers.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const asar = require('@electron/asar');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));

const problems = [];
const fail = (message) => problems.push(message);

if (!fs.existsSync(path.join(root, 'out/main/server.js'))) {
  console.error('pack-check: out/ is missing: run `npm run build` first');
  process.exit(2);
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-pack-'));
try {
  // The stand-in Electron: an executable electron-builder renames to the product's name.
  const dist = path.join(work, 'electron');
  fs.mkdirSync(path.join(dist, 'resources'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'electron'), '#!/bin/sh\necho "stand-in Electron"\n', { mode: 0o755 });
  fs.writeFileSync(path.join(dist, 'LICENSE'), '');
  fs.writeFileSync(path.join(dist, 'LICENSES.chromium.html'), '');
  const output = path.join(work, 'dist');
  const started = Date.now();
  execFileSync(
    process.execPath,
    [
      require.resolve('electron-builder/cli.js'),
      '--linux',
      'dir',
      '--config',
      'electron-builder.yml',
      '-c.npmRebuild=false',
      `-c.electronDist=${dist}`,
      `-c.directories.output=${output}`,
      '--publish',
      'never',
    ],
    { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], timeout: 300_000 },
  );
  const resources = path.join(output, 'linux-unpacked', 'resources');
  const archive = path.join(resources, 'app.asar');
  const packed = new Set(asar.listPackage(archive).map((file) => file.replaceAll('\\', '/')));
  const unpacked = (file) => fs.existsSync(path.join(resources, 'app.asar.unpacked', file));
  const inAsar = (file) => packed.has(`/${file}`);

  // What the app reads at run time (main, server, worker, preload, web app, migrations, icon).
  const required = [
    'package.json',
    pkg.main,
    'out/main/server.js',
    'out/main/search-build-worker.js',
    'out/main/archive-apply-worker.js',
    'out/main/archive-stage-worker.js',
    'out/main/backup-check-worker.js',
    'out/preload/index.cjs',
    'out/renderer/index.html',
    'resources/icon.png',
    ...fs
      .readdirSync(path.join(root, 'out/main/migrations'))
      .filter((f) => f.endsWith('.sql'))
      .map((f) => `out/main/migrations/${f}`),
  ];
  for (const file of required) if (!inAsar(file)) fail(`${file} is not in app.asar`);
  const workers = [
    'out/main/search-build-worker.js',
    'out/main/archive-apply-worker.js',
    'out/main/archive-stage-worker.js',
    'out/main/backup-check-worker.js',
  ];
  for (const worker of [...workers, 'out/main/package.json'])
    if (!unpacked(worker)) fail(`${worker} is not unpacked beside app.asar`);
  const binding = 'node_modules/better-sqlite3/build/Release/better_sqlite3.node';
  if (!unpacked(binding)) fail(`${binding} is not unpacked beside app.asar`);
  if ([...packed].some((file) => file.endsWith('.map'))) fail('source maps were packed');

  // Every package the bundles import must be packed (it must be a dependency, not a devDependency).
  const bundles = [
    'out/main/index.js',
    'out/main/server.js',
    'out/main/search-build-worker.js',
    'out/main/archive-apply-worker.js',
    'out/main/archive-stage-worker.js',
    'out/main/backup-check-worker.js',
  ];
  const chunks = fs.existsSync(path.join(root, 'out/main/chunks'))
    ? fs.readdirSync(path.join(root, 'out/main/chunks')).map((f) => `out/main/chunks/${f}`)
    : [];
  // tsx: only in the worker's run-from-source path (an eval string), never taken in a build.
  const builtins = new Set([...builtinModules, 'electron', 'tsx']);
  const imported = new Set();
  for (const file of [...bundles, ...chunks]) {
    const code = fs.readFileSync(path.join(root, file), 'utf8');
    const pattern =
      /\b(?:from|import|require)\s*\(?\s*["']((?:@[a-z0-9._-]+\/)?[a-z][a-z0-9._-]*(?:\/[^"'\s]*)?)["']/g;
    for (const match of code.matchAll(pattern)) {
      const specifier = match[1].replace(/^node:/, '');
      const name = specifier.startsWith('@')
        ? specifier.split('/').slice(0, 2).join('/')
        : specifier.split('/')[0];
      if (!builtins.has(specifier) && !builtins.has(name)) imported.add(name);
    }
  }
  for (const name of imported) {
    if (!pkg.dependencies?.[name]) fail(`the bundles import ${name}, which is not in "dependencies"`);
    else if (!inAsar(`node_modules/${name}/package.json`) && !unpacked(`node_modules/${name}/package.json`))
      fail(`node_modules/${name} is not packed`);
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const jobs = path.join(work, 'jobs');
  fs.mkdirSync(jobs);
  const migrations = path.join(root, 'out/main/migrations');
  problems.push(...(await checkPackedWorkers(path.join(resources, 'app.asar.unpacked'), migrations, jobs)));
  if (problems.length > 0) {
    for (const problem of problems) console.error(`pack-check: ${problem}`);
    process.exit(1);
  }
  console.log(
    `pack-check: linux-unpacked built in ${seconds} s; ${required.length} run-time files and ${imported.size} imported packages are in it; its ${workers.length} workers ran a job each from app.asar.unpacked`,
  );
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
