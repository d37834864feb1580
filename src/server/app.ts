// buildServer(config): the one factory behind the headless server, the desktop app and the tests.
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { ServerConfig } from './config';
import { createContext, type ContextExtras } from './context';
import { createLogger } from './lib/logger';
import fastifyRateLimit from '@fastify/rate-limit';
import errorsPlugin from './plugins/errors';
import { isDiskFull } from './lib/disk-full';
import { DISK_EVENT } from '../shared/disk-types';
import identityPlugin from './plugins/identity';
import requestLogPlugin from './plugins/request-log';
import securityHeaders from './plugins/security-headers';
import sessionReader from './plugins/session-reader';
import basicAuthPlugin from './modules/auth/basic';
import hostGuard from './modules/sharing/host-guard';
import pageReadRoutes from './modules/pages/read-routes';
import { sessionScope } from './session-scope';

export type QuireServer = FastifyInstance;

/** Requests may carry a page body of up to 10 MB, JSON-escaped. */
const BODY_LIMIT = 24 * 1024 * 1024;

export interface BuildOptions extends ContextExtras {
  /** Closes and rebuilds this server in the running process (the restore of a backup); see runner.ts. */
  requestRestart?: () => void;
}

export async function buildServer(config: ServerConfig, options: BuildOptions = {}): Promise<QuireServer> {
  const { requestRestart, ...extras } = options;
  const ctx = createContext(config, extras);
  const app = Fastify({
    loggerInstance: createLogger(config) as FastifyBaseLogger,
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT,
    trustProxy: false,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 2048 },
  });
  app.decorate('ctx', ctx);
  // Before the database closes: the start-up attachment sweep finishes (a server closed right after
  // starting waits for it), and the search index applies its last changes and saves.
  let attachmentSweep: Promise<void> = Promise.resolve();
  // Each step runs even when one before it failed (a full disk, issue 26): the database closes last.
  app.addHook('onClose', async () => {
    const steps: [string, () => unknown][] = [
      ['attachment sweep', () => attachmentSweep],
      ['archive export', () => ctx.archiveExport.whenIdle()],
      ['archive import', () => ctx.archiveImport.whenIdle()],
      ['backups', () => ctx.backups.close()],
      ['sharing', () => ctx.sharing.close()],
      ['search', () => ctx.search.close()],
      ['notifications', () => ctx.notifications.close()],
      ['audit', () => ctx.audit.stop()],
      ['disk watch', () => ctx.disk.stop()],
      ['seen marks', () => ctx.likes.flush()],
      ['database', () => ctx.close()],
    ];
    for (const [step, run] of steps) {
      try {
        await run();
      } catch (err) {
        app.log.error({ err }, `shutdown: ${step} failed`);
      }
    }
  });
  // Work outside requests that could not write: logged here (a full disk once a minute, not per try).
  let lastDiskFullLog = 0;
  const offBackgroundFailed = ctx.events.on('background:failed', ({ what, err }) => {
    if (!isDiskFull(err)) return app.log.error({ err }, what);
    ctx.disk.sawDiskFull();
    if (Date.now() - lastDiskFullLog < 60_000) return;
    lastDiskFullLog = Date.now();
    app.log.warn({ code: 'disk_full' }, `the data folder's disk is full: ${what}`);
  });
  app.addHook('onClose', async () => offBackgroundFailed());

  // Admins' web apps learn at once when the disk becomes low, full or fine again.
  const offDisk = ctx.events.on('disk:changed', (space) => {
    ctx.live?.toAdmins(DISK_EVENT, space);
    if (space.condition !== 'ok')
      app.log.warn({ disk: space }, `the data folder's disk is ${space.condition}`);
  });
  app.addHook('onClose', async () => offDisk());

  await app.register(errorsPlugin, { onDiskFull: () => ctx.disk.sawDiskFull() });
  // Before sessions and every route: requests for a foreign Host, or from the LAN while not shared.
  await app.register(hostGuard, { ctx });
  // Limits are per route (registration); everything else is for the people on the LAN.
  await app.register(fastifyRateLimit, { global: false });
  await app.register(requestLogPlugin, { slowRequestMs: config.slowRequestMs });
  // Who is asking (the session cookie's store and signer, the user), and the headers of every answer.
  await app.register(identityPlugin, { ctx });
  await app.register(securityHeaders);

  ctx.archiveExport.log = (err, message) => app.log.error({ err }, message);
  ctx.archiveImport.log = ctx.archiveExport.log;
  ctx.markdownImport.log = ctx.archiveExport.log;
  // The read routes: GET only, the session read but never written, nothing audited (issue 17).
  await app.register(async function readScope(read) {
    await read.register(sessionReader, { ctx });
    await read.register(basicAuthPlugin, { ctx });
    await read.register(pageReadRoutes, { prefix: '/_api/v3', ctx });
  });
  await app.register(sessionScope, { ctx, requestRestart });
  // Loads or builds the index after start-up, never delaying it.
  ctx.search.start(app.log);
  // Enqueues what a crash left out and delivers what waits, after start-up like the search index.
  ctx.notifications.start(app.log);
  ctx.disk.start();
  ctx.audit.start((err) =>
    ctx.events.emit('background:failed', {
      what: 'audit log entries kept in memory, to be written later',
      err,
    }),
  );
  // Files of pages deleted completely while the server was down, and uploads a crash cut short.
  attachmentSweep = ctx.attachments.sweep(app.log);
  // Daily backups, and the one taken before this start's migrations.
  ctx.backups.start(app.log, (bytes) => {
    try {
      ctx.disk.assertRoom(bytes);
      return true;
    } catch {
      return false;
    }
  });

  return app;
}
