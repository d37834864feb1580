// One build for the three Electron targets. The server is a second entry of the main build so the
// headless CLI and the desktop app run the very same bundle (out/main/server.js).
import fs from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';

/**
 * drizzle's migrator reads SQL files at run time: ship them beside the server bundle. And say in
 * out/main that its files are ES modules: the packaged app starts its workers from
 * app.asar.unpacked (electron-builder.yml), where the project's own package.json is not.
 */
function besideTheServer(): Plugin {
  return {
    name: 'quire-beside-the-server',
    closeBundle() {
      fs.cpSync(resolve('src/server/db/migrations'), resolve('out/main/migrations'), { recursive: true });
      fs.writeFileSync(resolve('out/main/package.json'), '{ "type": "module" }\n');
    },
  };
}

export default defineConfig({
  main: {
    plugins: [besideTheServer()],
    build: {
      outDir: 'out/main',
      rolldownOptions: {
        input: {
          index: resolve('src/main/index.ts'),
          server: resolve('src/server/index.ts'),
          // Large search index builds run in a worker thread (src/server/modules/search/build-runner.ts).
          'search-build-worker': resolve('src/server/modules/search/build-worker.ts'),
          // An archive import's transaction runs on its own connection (modules/archive/apply-runner.ts).
          'archive-apply-worker': resolve('src/server/modules/archive/apply-worker.ts'),
          // …and its archive is read into the staging file in another (modules/archive/stage-runner.ts).
          'archive-stage-worker': resolve('src/server/modules/archive/stage-worker.ts'),
          // A large backup's integrity check (modules/backups/check-runner.ts).
          'backup-check-worker': resolve('src/server/modules/backups/check-worker.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // Sandboxed preload scripts must be CommonJS.
      rolldownOptions: {
        input: { index: resolve('src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve('src/renderer'),
    // electron-vite forces relative asset URLs (for file:// windows). Quire's window and browsers
    // load the app over HTTP from the server at every path (/team/notes), so assets must be absolute.
    plugins: [react(), { name: 'quire-absolute-base', config: () => ({ base: '/' }) }],
    build: {
      outDir: resolve('out/renderer'),
      minify: true,
      rolldownOptions: { input: resolve('src/renderer/index.html') },
    },
  },
});
