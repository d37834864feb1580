// `npm run serve -- --data-dir DIR --port N [--host H] [--announce]`: the headless wiki server (no Electron),
// built first if the build is missing or older than the sources.
import path from 'node:path';
import { buildIfStale, root, runForwarding, serverEnv } from './launch.mjs';

buildIfStale();
runForwarding(
  process.execPath,
  [path.join(root, 'out/main/server.js'), ...process.argv.slice(2)],
  serverEnv(process.env),
);
