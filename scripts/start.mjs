// `npm start`: build if needed, then open the desktop app — or, where Electron cannot run (its
// binary was never downloaded, or Linux without a display, e.g. CI or a server box), say so in one
// line and run the same wiki server headless. Extra arguments go to whichever runs:
//   npm start -- --port 3001 --host 0.0.0.0
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { decideLaunch, headlessNotice, headlessUrl, locateElectron } from './electron-check.mjs';
import { buildIfStale, root, runForwarding, serverEnv } from './launch.mjs';

const require = createRequire(import.meta.url);
const args = process.argv.slice(2);

buildIfStale();
const electron = locateElectron(require, fs.existsSync);
const decision = decideLaunch({ electronPath: electron.path, platform: process.platform, env: process.env });
if (decision.mode === 'electron') {
  // ELECTRON_RUN_AS_NODE (inherited from some tools) would make Electron a plain Node: drop it.
  const { ELECTRON_RUN_AS_NODE: _runAsNode, ...env } = process.env;
  runForwarding(decision.electronPath, ['.', ...args], env);
} else {
  console.log(headlessNotice(decision.reasons, headlessUrl(args, process.env)));
  runForwarding(process.execPath, [path.join(root, 'out/main/server.js'), ...args], serverEnv(process.env));
}
