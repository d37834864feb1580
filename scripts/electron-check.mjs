// The decisions behind `npm start` (scripts/start.mjs), kept pure so test/main can check them:
// is the build stale, can Electron run here, and what to tell the user when it cannot.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

/** What electron-vite builds; if any is missing, build. */
export const BUILD_OUTPUTS = [
  'out/main/index.js',
  'out/main/server.js',
  'out/preload/index.cjs',
  'out/renderer/index.html',
];
/** What the build reads; if any is newer than the oldest output, build. */
export const BUILD_INPUTS = ['src', 'electron.vite.config.ts', 'package.json'];

/**
 * @param {(number | null)[]} outputMtimes ms since epoch; null = missing
 * @param {number} newestInputMtime
 */
export function needsBuild(outputMtimes, newestInputMtime) {
  if (outputMtimes.length === 0 || outputMtimes.some((m) => m === null)) return true;
  return Math.min(...outputMtimes) < newestInputMtime;
}

/** Newest modification time (ms) of the files at or under these paths; 0 if none exist. */
export function newestMtime(paths) {
  let newest = 0;
  const visit = (p) => {
    let stat;
    try {
      stat = fs.statSync(p);
    } catch {
      return;
    }
    if (stat.isDirectory()) for (const entry of fs.readdirSync(p)) visit(path.join(p, entry));
    else newest = Math.max(newest, stat.mtimeMs);
  };
  for (const p of paths) visit(p);
  return newest;
}

/**
 * In Node, the `electron` package exports the path of its binary — or throws "Electron failed to
 * install correctly" when the binary was never downloaded (ELECTRON_SKIP_BINARY_DOWNLOAD, offline).
 * @param {(id: string) => unknown} requireFn
 * @param {(p: string) => boolean} exists
 * @returns {{ path: string } | { path: null, problem: string }}
 */
export function locateElectron(requireFn, exists) {
  let exported;
  try {
    exported = requireFn('electron');
  } catch (err) {
    return { path: null, problem: err instanceof Error ? err.message : String(err) };
  }
  if (typeof exported !== 'string') return { path: null, problem: 'the electron package exported no path' };
  if (!exists(exported)) return { path: null, problem: `${exported} does not exist` };
  return { path: exported };
}

/** Linux (and the BSDs) need an X11 or Wayland display; macOS and Windows always have one. */
export function hasDisplay(platform, env) {
  if (platform === 'darwin' || platform === 'win32') return true;
  return Boolean(env.DISPLAY || env.WAYLAND_DISPLAY);
}

/**
 * @param {{ electronPath: string | null, platform: string, env: Record<string, string | undefined> }} facts
 * @returns {{ mode: 'electron', electronPath: string } | { mode: 'headless', reasons: string[] }}
 */
export function decideLaunch({ electronPath, platform, env }) {
  const reasons = [];
  if (!electronPath) reasons.push('no Electron binary');
  if (!hasDisplay(platform, env)) reasons.push('no display');
  if (electronPath && reasons.length === 0) return { mode: 'electron', electronPath };
  return { mode: 'headless', reasons };
}

/** The address the headless server will print first, from the same flags and variables it reads. */
export function headlessUrl(args, env) {
  const { values } = parseArgs({
    args,
    options: { port: { type: 'string' }, host: { type: 'string' } },
    strict: false,
  });
  const port = typeof values.port === 'string' ? values.port : env.QUIRE_PORT || '3000';
  const host = typeof values.host === 'string' ? values.host : env.QUIRE_HOST || '127.0.0.1';
  const shown = ['0.0.0.0', '::', ''].includes(host) ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return `http://${shown}:${port === '0' ? '<free port>' : port}`;
}

/** The one line `npm start` prints before falling back. */
export function headlessNotice(reasons, url) {
  return `Quire: ${reasons.join(' and ')} here — starting the headless server instead (${url}).`;
}
