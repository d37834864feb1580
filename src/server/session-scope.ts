// Every route but the read routes, in one scope with @fastify/session: the routes that may change
// the session (sign-in, CSRF secrets), every route that changes anything, the audit log's hooks,
// the web app and the sockets (app.ts registers the read scope beside it).
import type { FastifyInstance } from 'fastify';
import fastifyWebsocket from '@fastify/websocket';
import sessionPlugin from './http/session';
import sessionReader from './http/session-reader';
import staticPlugin from './http/static';
import type { ModulePluginOptions, QuireModule, RouteScope } from './module';

/** Co-editing frames: the first sync of a 10 MB page, with room for Yjs' encoding. */
const WS_MAX_PAYLOAD = 32 * 1024 * 1024;

/** The API's prefix, unless a module's routes say otherwise. */
const API_PREFIX = '/_api/v3';

type ScopeOptions = ModulePluginOptions & { modules: readonly QuireModule[] };

/** The modules' hooks for one scope, in the list's order. */
export async function registerModuleHooks(
  app: FastifyInstance,
  scope: RouteScope,
  { modules, ...options }: ScopeOptions,
): Promise<void> {
  for (const module of modules) {
    for (const hook of module.hooks ?? []) if (hook.scope === scope) await app.register(hook.plugin, options);
  }
}

/** The modules' routes for one scope. */
export async function registerModuleRoutes(
  app: FastifyInstance,
  scope: Exclude<RouteScope, 'root'>,
  { modules, ...options }: ScopeOptions,
): Promise<void> {
  for (const module of modules) {
    for (const routes of module.routes ?? []) {
      if ((routes.scope ?? 'session') !== scope) continue;
      const prefix = routes.prefix ?? API_PREFIX;
      await app.register(routes.plugin, prefix ? { ...options, prefix } : options);
    }
  }
}

export async function sessionScope(app: FastifyInstance, options: ScopeOptions) {
  await app.register(sessionPlugin, { ctx: options.ctx });
  // After sessions (they read who is asking): HTTP Basic, then the audit log's recorder.
  await registerModuleHooks(app, 'session', options);
  await app.register(staticPlugin, { ctx: options.ctx });
  // Sockets close before app.ts's onClose hook flushes co-editing documents and closes the database.
  await app.register(fastifyWebsocket, { options: { maxPayload: WS_MAX_PAYLOAD } });
  await registerModuleRoutes(app, 'session', options);
}

/** `METHOD /url` of every route the read scope serves (the hot-reads test holds the list to it). */
export const readScopeRoutes = new Set<string>();

/** The read routes: GET only, the session read but never written, nothing audited (issues 17, 32). */
export async function readScope(app: FastifyInstance, options: ScopeOptions) {
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) readScopeRoutes.add(`${method} ${route.url}`);
  });
  await app.register(sessionReader, { ctx: options.ctx });
  await registerModuleHooks(app, 'read', options);
  await registerModuleRoutes(app, 'read', options);
}
