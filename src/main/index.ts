// Electron main entry (built to out/main/index.js, beside the server bundle out/main/server.js).
// Only wiring: the real Electron and Node pieces go into runDesktopApp, which holds the logic.
import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  BrowserWindow,
  Menu,
  Notification,
  Tray,
  app,
  clipboard,
  dialog,
  ipcMain,
  nativeImage,
  shell,
  utilityProcess,
} from 'electron';
import { runDesktopApp } from './app-lifecycle';
import { desktopTranslator } from './i18n';

const here = path.dirname(fileURLToPath(import.meta.url));

// Ctrl-C in `npm start`'s terminal, or the OS asking politely: quit properly, stopping the server.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => app.quit());

runDesktopApp({
  electron: {
    app,
    BrowserWindow,
    Menu,
    ipcMain,
    shell,
    dialog,
    clipboard,
    utilityProcess,
    Tray,
    nativeImage,
    Notification,
  },
  argv: process.argv,
  execPath: process.execPath,
  nodeFork: fork,
  env: process.env,
  platform: process.platform,
  electronVersion: process.versions.electron ?? 'unknown',
  paths: {
    serverJs: path.join(here, 'server.js'),
    preload: path.join(here, '../preload/index.cjs'),
    // resources/ ships beside out/ (electron-builder.yml "files").
    icon: path.join(here, '../../resources/icon.png'),
  },
}).catch((err: unknown) => {
  // Before Electron is ready its locale is not known yet: then the fallback language.
  const t = desktopTranslator(app.isReady() ? app.getLocale() : '');
  dialog.showErrorBox(t('startFailed.title'), err instanceof Error ? err.message : String(err));
  app.exit(1);
});
