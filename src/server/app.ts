// buildServer(config): the one factory behind the headless server, the desktop app and the tests.
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { ServerConfig } from './config';
import { createContext, type ContextExtras } from './context';
import { createLogger } from './lib/logger';
import fastifyRateLimit from '@fastify/rate-limit';
import errorsPlugin from './plugins/errors';
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
  app.addHook('onClose', async () => {
    await attachmentSweep;
    await ctx.archiveExport.whenIdle();
    await ctx.archiveImport.whenIdle();
    await ctx.backups.close();
    await ctx.sharing.close();
    await ctx.search.close();
    await ctx.notifications.close();
    ctx.audit.stop();
    ctx.likes.flush();
    ctx.close();
  });

  await app.register(errorsPlugin);
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
  ctx.audit.start();
  // Files of pages deleted completely while the server was down, and uploads a crash cut short.
  attachmentSweep = ctx.attachments.sweep(app.log);
  // Daily backups, and the one taken before this start's migrations.
  ctx.backups.start(app.log);

  return app;
}
