// What a feature module tells the server about itself: one manifest per module (its services, its
// routes and the scope they live in, the hooks it puts in front of routes, its start and its close,
// its audit rules, its settings). `modules/index.ts` lists the manifests; context.ts, app.ts and session-scope.ts
// build the server from that list and import no module themselves.
import type { FastifyInstance, FastifyPluginAsync, FastifyPluginCallback } from 'fastify';
import type { AppContext, ContextExtras } from './context';
import type { AuditRules } from './modules/audit/rules';

/**
 * Where a plugin is registered: `root` in front of everything (before sessions), `read` beside the
 * GET-only page reads (the session read, never written, issue 17), `session` with every other route.
 */
export type RouteScope = 'root' | 'read' | 'session';

/** Options every module plugin is registered with. */
export interface ModulePluginOptions {
  ctx: AppContext;
  /** Closes and rebuilds this server in the running process (the restore of a backup). */
  requestRestart?: () => void;
}

// Fastify's own plugin types, as route files declare them (`(app, { ctx })` or `(app)`).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyPlugin = FastifyPluginAsync<any> | FastifyPluginCallback<any>;

export interface ModuleRoutes {
  plugin: AnyPlugin;
  /** `/_api/v3` by default; '' for pages, files and sign-in callbacks at the site's root. */
  prefix?: string;
  scope?: Exclude<RouteScope, 'root'>;
}

export interface ModuleHook {
  /** A fastify-plugin whose hooks reach every route of its scope; registered in list order. */
  plugin: AnyPlugin;
  scope: RouteScope;
}

/** What only the builder knows: the database file, and what the process running the server gives. */
export interface ModuleBoot {
  dbFile: string;
  extras: ContextExtras;
  /** Every module of the server, in order (the audit log gathers their rules). */
  modules: readonly QuireModule[];
}

export interface QuireModule {
  /** The module's folder name. */
  name: string;
  /**
   * The module's services, built once from those of the modules before it in the list (a module
   * asking at construction for one built later is refused with its name, context.ts). Reading
   * `ctx.x` later, when a request or an event comes, reaches every module.
   */
  services?(ctx: AppContext, boot: ModuleBoot): Partial<AppContext>;
  hooks?: ModuleHook[];
  routes?: ModuleRoutes[];
  /**
   * After every route is registered: background work (indexes, timers, sweeps). What it returns
   * stops that work when the server closes, just before the module's `close`.
   */
  start?(ctx: AppContext, app: FastifyInstance): void | (() => unknown);
  /** On close, in the list's reverse order, before the database closes; a failure is logged. */
  close?(ctx: AppContext): unknown;
  /** What the audit log records of this module's routes (`METHOD /route/pattern`, or a family). */
  audit?: AuditRules;
  /**
   * The tables this module owns: only its files write them; other modules call its services or
   * its `commands/` (test/server/table-owners.test.ts).
   */
  tables?: readonly string[];
  /** The stored settings this module owns, with their defaults (its `setting-keys.ts`). */
  settings?: Readonly<Record<string, unknown>>;
}

/** Type-checks a manifest where it is written. */
export const defineModule = (module: QuireModule): QuireModule => module;
