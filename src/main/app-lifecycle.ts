// The desktop app from launch to quit, with Electron passed in (index.ts wires the real one):
// one instance; start the server in the user-data folder and wait until it is healthy; open the
// window on it; stop the server before quitting. If the server dies it is started again
// (server-supervisor.ts); a crash loop or a damaged database is said, with a way out
// (server-recovery.ts).
import path from 'node:path';
import type { DesktopServerInfo } from '../shared/desktop-api';
import type { BrowserWindowPort, ElectronPorts } from './electron-ports';
import { desktopTranslator } from './i18n';
import { createArchiveActions } from './archive-menu';
import { createMarkdownActions } from './markdown-menu';
import { createRestoreAction } from './restore-menu';
import { installDesktopChrome } from './desktop-chrome';
import type { DesktopSharing } from './desktop-sharing';
import { START_HIDDEN_ARG } from './login-items';
import { registerArchiveProgressIpc, registerDesktopIpc } from './ipc';
import { chooseServerForker } from './server-forkers';
import type { NodeFork } from './server-forkers';
import { describeStartFailure, launchServer, resolveServerSettings } from './server-launch';
import { isDamagedDatabase, offerRestore, reportCrashLoop } from './server-recovery';
import { MAX_RESTARTS, SupervisedServer } from './server-supervisor';
import { notifyDiskSpace } from './disk-notice';
import type { ServerSettings } from './server-launch';
import type { ServerProcess } from './server-process';
import { createMainWindow } from './window';

export interface DesktopAppOptions {
  electron: ElectronPorts;
  nodeFork: NodeFork;
  fetch?: typeof fetch;
  env: NodeJS.ProcessEnv;
  platform: NodeJS.Platform;
  electronVersion: string;
  paths: { serverJs: string; preload: string; icon: string };
  /** `restartPauseMs`: before the first restart of a server that died (doubling after each). */
  timeouts?: { startMs?: number; stopMs?: number; restartPauseMs?: number };
  /** Where the server's output goes; default: this process's stdout/stderr. */
  echo?: ((stream: 'stdout' | 'stderr', text: string) => void) | null;
  /** The command line: `--start-hidden` (started at log-in) keeps the window closed. */
  argv?: string[];
  /** Electron's executable, for the Linux autostart entry. */
  execPath?: string;
}

export async function runDesktopApp(options: DesktopAppOptions): Promise<void> {
  const { app, dialog } = options.electron;
  if (!app.requestSingleInstanceLock()) {
    // Another Quire already runs (and owns the data folder): it gets focus via 'second-instance'.
    app.quit();
    return;
  }

  let window: BrowserWindowPort | null = null;
  let info: DesktopServerInfo | null = null;
  let quitting: 'no' | 'stopping' | 'stopped' = 'no';
  // Set once the server answers; quitting and closing the window ask it who is connected.
  let sharing: DesktopSharing | null = null;
  let askingToQuit = false;
  let quitConfirmed = false;
  const startAbort = new AbortController();
  let starting: Promise<ServerProcess | null> = Promise.resolve(null);

  /** `path`: a screen of the wiki to show (the Admin menu); none keeps what the window shows. */
  const showWindow = (path?: string) => {
    if (!info) return; // Still starting: the window opens once the server is healthy.
    const url = path ? new URL(path, info.url).toString() : info.url;
    if (window && !window.isDestroyed()) {
      if (window.isMinimized()) window.restore();
      if (path) void window.loadURL(url).catch(() => undefined);
      window.show();
      window.focus();
      return;
    }
    window = createMainWindow(options.electron, {
      url,
      preloadPath: options.paths.preload,
      iconPath: options.platform === 'darwin' ? undefined : options.paths.icon,
      appVersion: app.getVersion(),
    });
    window.on('closed', () => (window = null));
  };

  app.on('second-instance', () => showWindow());
  app.on('activate', () => showWindow()); // macOS: clicking the dock icon with no window open.
  app.on('window-all-closed', () => {
    // macOS apps stay running without windows — and so the wiki stays up for colleagues.
    if (options.platform === 'darwin') return;
    // Shared: keep serving from the tray, or quit, as the user chose (asked the first time).
    if (!sharing) app.quit();
    else void sharing.quitWhenWindowsClosed().then((quit) => quit && app.quit());
  });
  app.on('before-quit', (event) => {
    if (quitting === 'stopped') return;
    event.preventDefault();
    if (quitting === 'stopping' || askingToQuit) return;
    if (sharing && !quitConfirmed) {
      // Colleagues connected? Say how many and ask (a silent server does not block quitting).
      askingToQuit = true;
      const windowOpen = window !== null && !window.isDestroyed();
      void sharing.confirmQuit(windowOpen).then((ok) => {
        askingToQuit = false;
        quitConfirmed = ok;
        if (ok) app.quit();
      });
      return;
    }
    quitting = 'stopping';
    startAbort.abort();
    void starting
      .catch(() => null)
      .then((server) => server?.stop())
      .finally(() => {
        quitting = 'stopped';
        app.quit();
      });
  });

  await app.whenReady();
  // The OS language, read once ready (Electron's getLocale() is only reliable from then on).
  const t = desktopTranslator(app.getLocale());
  const dataDir = app.getPath('userData');
  const appName = app.getName();
  app.setAboutPanelOptions({
    applicationName: appName,
    applicationVersion: app.getVersion(),
    version: `Electron ${options.electronVersion}`,
    credits: t('about.credits'),
    copyright: 'MIT License',
    ...(options.platform === 'darwin' ? {} : { iconPath: options.paths.icon }),
  });

  let settings: ServerSettings | null = null;
  const recovery = { dialog, shell: options.electron.shell, t, dataDir };
  /** Starts the server (on `port`, else as the settings say); a damaged database offers its backup. */
  const launch = async (port?: number): Promise<ServerProcess> => {
    settings ??= resolveServerSettings(options.env);
    const chosen: ServerSettings =
      port === undefined ? settings : { ...settings, port, portIsExplicit: true };
    const start = (extraArgs: string[] = []) =>
      launchServer({
        fork: chooseServerForker({
          isPackaged: app.isPackaged,
          utilityProcess: options.electron.utilityProcess,
          nodeFork: options.nodeFork,
          env: options.env,
        }),
        serverJs: options.paths.serverJs,
        dataDir,
        settings: chosen,
        extraArgs,
        fetch: options.fetch,
        timeoutMs: options.timeouts?.startMs,
        stopTimeoutMs: options.timeouts?.stopMs,
        signal: startAbort.signal,
        echo: options.echo,
      });
    try {
      return await start();
    } catch (err) {
      if (!isDamagedDatabase(err) || quitting !== 'no') throw err;
      const backup = await offerRestore(recovery);
      if (!backup) throw err;
      return start(['--restore-from', backup]);
    }
  };
  starting = launch();

  let server: ServerProcess;
  try {
    const started = await starting;
    if (!started) return;
    server = started;
  } catch (err) {
    if (quitting !== 'no') return; // Quit while starting: nothing to report.
    // The user already answered the damaged-database dialog (quit, or the data folder).
    if (!isDamagedDatabase(err))
      dialog.showErrorBox(t('startFailed.title'), describeStartFailure(err, settings, t));
    app.exit(1);
    return;
  }
  if (quitting !== 'no') return; // before-quit is stopping it.

  info = { url: server.url, urls: [...server.urls], dataDir };
  const current = info;
  const port = Number(new URL(server.url).port);
  // The menus, tray and window hold the supervised server: its child may be replaced.
  server = new SupervisedServer(server, {
    relaunch: () => launch(port),
    firstPauseMs: options.timeouts?.restartPauseMs,
    // Same port, same address: the window's web app reconnects its sockets by itself, as
    // colleagues' browsers do; not reloading keeps whatever the user was typing.
    restarted: () => undefined,
    // Exit code 0 is the server's clean shutdown on SIGTERM/SIGINT — from the OS logging out or a
    // terminal's Ctrl-C, which reach it as fast as us. Not a crash: follow it and quit quietly.
    endedCleanly: () => app.quit(),
    gaveUp: (output, failure) => {
      if (quitting !== 'no') return;
      void (
        isDamagedDatabase(failure) ? Promise.resolve() : reportCrashLoop(recovery, output, MAX_RESTARTS + 1)
      ).finally(() => app.exit(1));
    },
  });
  starting = Promise.resolve(server);

  notifyDiskSpace(server, options.electron.Notification, t);
  registerDesktopIpc(options.electron.ipcMain, current);
  const currentWindow = () => (window && !window.isDestroyed() ? window : null);
  registerArchiveProgressIpc(options.electron.ipcMain, current.url, (p) =>
    currentWindow()?.setProgressBar(p),
  );
  const fileDeps = { dialog, window: currentWindow, serverUrl: current.url, t, openScreen: showWindow };
  const archive = {
    ...createArchiveActions(fileDeps),
    ...createMarkdownActions({ ...fileDeps, platform: options.platform }),
    ...createRestoreAction({ ...fileDeps, backupsDir: path.join(current.dataDir, 'backups') }),
  };
  sharing = installDesktopChrome({
    options,
    server,
    info: current,
    t,
    appName,
    window: currentWindow,
    showWindow,
    archive,
  });
  // Started at log-in: serve from the tray; the window opens from there.
  if (!(options.argv ?? []).includes(START_HIDDEN_ARG)) showWindow();
}
