// buildServer(config): the one factory behind the headless server, the desktop app and the tests.
import fastifyFormbody from '@fastify/formbody';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { ServerConfig } from './config';
import { createContext, startModules, type ContextExtras } from './context';
import { createLogger } from './lib/logger';
import fastifyRateLimit from '@fastify/rate-limit';
import errorsPlugin from './http/errors';
import identityPlugin from './http/identity';
import requestLogPlugin from './http/request-log';
import securityHeaders from './http/security-headers';
import { MODULES } from './modules';
import { badRequest } from './lib/app-error';
import { readScope, registerModuleHooks, sessionScope } from './session-scope';

export type QuireServer = FastifyInstance;

/** Requests may carry a page body of up to 10 MB, JSON-escaped. */
const BODY_LIMIT = 24 * 1024 * 1024;
const FORM_BODY_LIMIT = 1024 * 1024;

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
  // Every module's work stops and the database closes last; a step that fails is logged and the
  // next one still runs (a full disk, issue 26).
  app.addHook('onClose', () => ctx.close((err, step) => app.log.error({ err }, `shutdown: ${step} failed`)));

  await app.register(errorsPlugin, { onDiskFull: () => ctx.disk.sawDiskFull() });
  // Form bodies: GROWI's SDK sends its bodiless writes as an empty form (issue 28), and an IdP posts
  // its SAML answer as one. Never large: JSON and multipart carry everything else.
  await app.register(fastifyFormbody, { bodyLimit: FORM_BODY_LIMIT });
  // Ajv turns `?offset=1e999` into Infinity and lets it through even past a `maximum`; no route
  // takes an endless number.
  app.addHook('preHandler', async (request) => {
    for (const [field, value] of Object.entries((request.query as Record<string, unknown> | null) ?? {}))
      if (typeof value === 'number' && !Number.isFinite(value))
        throw badRequest('invalid', 'errors.syntax_invalid', { field });
  });
  const scopes = { ctx, requestRestart, modules: MODULES };
  // Before sessions and every route (the LAN host guard).
  await registerModuleHooks(app, 'root', scopes);
  // Limits are per route (registration); everything else is for the people on the LAN.
  await app.register(fastifyRateLimit, { global: false });
  await app.register(requestLogPlugin, { slowRequestMs: config.slowRequestMs });
  // Who is asking (the session cookie's store and signer, the user), and the headers of every answer.
  await app.register(identityPlugin, { ctx });
  await app.register(securityHeaders);

  await app.register(readScope, scopes);
  await app.register(sessionScope, scopes);
  // Background work: indexes, the outbox, timers and sweeps, after start-up, never delaying it.
  startModules(ctx, app);

  return app;
}
