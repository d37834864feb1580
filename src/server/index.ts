// Headless entry: `npm run serve -- --data-dir DIR --port N [--host H] [--announce]`. The desktop app forks this
// same file and waits for its healthcheck.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, resolveConfig } from './config';
import { keepHeapNearLive } from './lib/heap-settings';
import { readyUrls } from './modules/sharing/ready-urls';
import { answerControlRequest } from './modules/sharing/control';
import { isSharingControlRequest } from '../shared/sharing';
import { ServerRunner } from './runner';
import type { QuireServer } from './app';
import { DatabaseDamagedError } from './db/client';
import { stageRestoreFrom } from './modules/backups/service';
import { lastVerifiedBackup } from './modules/backups/verified';
import { DAMAGED_DATABASE_EXIT } from '../shared/desktop-api';

/** The built web app: out/renderer beside the bundle, or the repository's out/renderer from sources. */
function findRendererDir(): string | null {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.join(here, '../renderer'), path.join(here, '../../out/renderer')];
  return candidates.find((dir) => fs.existsSync(path.join(dir, 'index.html'))) ?? null;
}

interface ParentPort {
  postMessage(message: unknown): void;
}
interface ParentPortIn {
  on(event: 'message', listener: (event: { data: unknown }) => void): void;
}

/** Tells a parent process (Node fork or Electron utilityProcess): ready, control replies, changes. */
function notifyParent(message: unknown): void {
  const parentPort = (process as unknown as { parentPort?: ParentPort }).parentPort;
  if (parentPort) parentPort.postMessage(message);
  else if (process.send) process.send(message);
}

/** The running app, or undefined while a restart has none. */
function safeApp(runner: ServerRunner): QuireServer | undefined {
  try {
    return runner.app;
  } catch {
    return undefined;
  }
}

/** `--restore-from FILE` (the desktop's way out of a damaged database): taken out of the arguments. */
function restoreFromArg(args: string[]): { args: string[]; restoreFrom: string | null } {
  const at = args.indexOf('--restore-from');
  if (at === -1) return { args, restoreFrom: null };
  const restoreFrom = args[at + 1];
  if (!restoreFrom || restoreFrom.startsWith('--')) {
    console.error('quire: --restore-from needs the backup file to restore');
    process.exit(2);
  }
  return { args: [...args.slice(0, at), ...args.slice(at + 2)], restoreFrom };
}

/** Issue 26: a damaged database is not opened; the host is told the way out, in one message. */
function refuseDamagedDatabase(err: DatabaseDamagedError, dataDir: string): never {
  const backup = lastVerifiedBackup(dataDir);
  console.error(`quire: the database ${err.file} is damaged and was not opened (${err.problem}).`);
  if (backup) {
    console.error(`The last verified backup is ${backup.name} (made ${backup.createdAt}). Restore it with:`);
    console.error(`  npm run restore -- --data-dir "${dataDir}" --from "${backup.file}"`);
    console.error(
      `The damaged files are kept in ${path.join(dataDir, 'restore-previous')}, never overwritten.`,
    );
  } else {
    console.error(
      `No verified backup is in ${path.join(dataDir, 'backups')}; keep a copy of the folder before anything else.`,
    );
  }
  notifyParent({ type: 'database-damaged', file: err.file, problem: err.problem, backup });
  process.exit(DAMAGED_DATABASE_EXIT);
}

async function main(): Promise<void> {
  keepHeapNearLive();
  let config;
  const { args, restoreFrom } = restoreFromArg(process.argv.slice(2));
  try {
    config = resolveConfig(args, process.env, { rendererDir: findRendererDir() });
  } catch (err) {
    console.error(
      `quire: ${err instanceof ConfigError || err instanceof TypeError ? err.message : String(err)}`,
    );
    process.exit(2);
  }
  // The desktop's tray and menu follow sharing switched anywhere (also in the web app).
  // So does a disk that fills (issue 26): the desktop shows a notification.
  const forwardChanges = (app: QuireServer) => {
    app.ctx.events.on('sharing:changed', (state) => notifyParent({ type: 'sharing:changed', state }));
    app.ctx.events.on('disk:changed', (space) => notifyParent({ type: 'disk:changed', space }));
    // The first look happened during start-up, before this listener: tell it too.
    if (app.ctx.disk.space.condition !== 'ok')
      notifyParent({ type: 'disk:changed', space: app.ctx.disk.space });
  };
  // The runner can restart the server in this process (restoring a backup).
  const runner = new ServerRunner(
    config,
    (app) => {
      app.log.info('restarted');
      forwardChanges(app);
    },
    (err) => {
      // Exiting lets the desktop app (or a service manager) see that the server is gone.
      console.error('quire: the server could not restart:', err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
  // The last resort (issue 26): every timer, queue and event handler handles its own failures; one
  // that slipped through is logged and the team's wiki keeps answering instead of going down.
  const lastResort = (kind: string) => (err: unknown) => {
    try {
      runner.log?.error({ err }, `${kind}: the server keeps running`);
    } catch {
      // Nothing left to tell it to.
    }
  };
  process.on('uncaughtException', lastResort('uncaught exception'));
  process.on('unhandledRejection', lastResort('unhandled rejection'));
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    runner.log?.info({ signal }, 'shutting down');
    await runner.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  // Forked by the desktop app: if it dies without stopping us, don't hold the port and the database.
  if (process.send) process.on('disconnect', () => void shutdown('parent disconnected'));
  const onParentMessage = (data: unknown) => {
    // Electron's utilityProcess can ask politely on platforms without signals (Windows).
    if ((data as { type?: string } | undefined)?.type === 'shutdown') void shutdown('shutdown message');
    else if (isSharingControlRequest(data)) {
      void answerControlRequest(closing ? undefined : safeApp(runner), data).then(notifyParent);
    }
  };
  const parentPort = (process as unknown as { parentPort?: ParentPortIn }).parentPort;
  parentPort?.on('message', (event) => onParentMessage(event.data));
  if (process.send) process.on('message', onParentMessage);

  // The desktop chose to restore a backup (a damaged database): verified and staged, then applied
  // as the database opens; the damaged files move to restore-previous/.
  if (restoreFrom) await stageRestoreFrom(path.resolve(restoreFrom), config.dataDir);
  let port: number;
  try {
    port = await runner.start();
  } catch (err) {
    if (err instanceof DatabaseDamagedError) refuseDamagedDatabase(err, config.dataDir);
    throw err;
  }
  forwardChanges(runner.app);
  const state = runner.app.ctx.sharing.state();
  const urls = readyUrls(runner.hosts, port, state.addresses);
  console.log(`Quire is running (data: ${config.dataDir})`);
  for (const url of urls) console.log(`  ${url}`);
  if (state.shared) console.log('Colleagues on your network can use any of the addresses above.');
  else console.log('Only this computer can reach it: turn on Share on LAN (Admin ▸ Sharing) for colleagues.');
  notifyParent({ type: 'ready', url: urls[0] ?? `http://127.0.0.1:${port}`, urls });
}

main().catch((err: unknown) => {
  console.error('quire: the server could not start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
