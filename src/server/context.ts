// What every module gets: configuration, the database, the event bus, and each module's services.
// Each module adds its own fields to AppContext (`declare module '../../context'` in its manifest)
// and builds them in its manifest's `services`; the list in modules/index.ts says in what order.
import fs from 'node:fs';
import path from 'node:path';
import type { ServerConfig } from './config';
import { closeDatabase, type Db } from './db/client';
import { EventBus } from './lib/events';
import type { ModuleBoot, QuireModule } from './module';
import type { SharingExtras } from './modules/sharing/service';
import { openDatabaseWithBackups } from './modules/backups/open-database';
import { MODULES } from './modules';

export interface AppContext {
  config: ServerConfig;
  db: Db;
  events: EventBus;
  /**
   * Stops what the modules started (their `start`'s answer) and closes them, in the list's reverse
   * order, then the database. A step that fails is told to `log` and the next one still runs.
   */
  close(log?: (err: unknown, step: string) => void): Promise<void>;
}

/** What only the process running the server can give (the listening sockets, the mDNS responder). */
export type ContextExtras = SharingExtras;

export const DATA_SUBDIRS = ['attachments', 'backups', 'logs'] as const;

/** Creates the data directory layout on first start: quire.db, attachments/, backups/, logs/. */
export function prepareDataDir(dataDir: string): void {
  fs.mkdirSync(dataDir, { recursive: true });
  for (const sub of DATA_SUBDIRS) fs.mkdirSync(path.join(dataDir, sub), { recursive: true });
}

/** What a module's `start` gave back to stop its work, per context. */
const stoppers = new WeakMap<AppContext, Map<QuireModule, () => unknown>>();

export function createContext(
  config: ServerConfig,
  extras: ContextExtras = {},
  modules: readonly QuireModule[] = MODULES,
): AppContext {
  prepareDataDir(config.dataDir);
  const dbFile = path.join(config.dataDir, 'quire.db');
  const db = openDatabaseWithBackups(config.dataDir, dbFile);
  const ctx = { config, db, events: new EventBus() } as AppContext;
  ctx.close = (log = () => {}) => closeContext(ctx, modules, log);
  const boot: ModuleBoot = { dbFile, extras, modules };
  for (const module of modules) {
    const building = whileBuilding(ctx, module.name);
    Object.assign(ctx, module.services?.(building.ctx, boot));
    building.done();
  }
  stoppers.set(ctx, new Map());
  return ctx;
}

/**
 * The context as a module's services see it while they are built: asking for a field no module
 * above it has built fails at once, naming both (instead of an `undefined` found much later).
 * Closures that read `ctx.x` when called later see the finished context.
 */
function whileBuilding(ctx: AppContext, name: string): { ctx: AppContext; done(): void } {
  let building = true;
  const guarded = new Proxy(ctx, {
    get(target, key, receiver) {
      if (building && typeof key === 'string' && !(key in target)) {
        throw new Error(
          `module ${name} asked for ctx.${key}, which a module later in modules/index.ts builds`,
        );
      }
      return Reflect.get(target, key, receiver);
    },
  });
  return { ctx: guarded, done: () => (building = false) };
}

/** Runs every module's `start` (after the routes are registered). */
export function startModules(
  ctx: AppContext,
  app: Parameters<NonNullable<QuireModule['start']>>[1],
  modules: readonly QuireModule[] = MODULES,
): void {
  const started = stoppers.get(ctx);
  for (const module of modules) {
    const stop = module.start?.(ctx, app);
    if (stop) started?.set(module, stop);
  }
}

async function closeContext(
  ctx: AppContext,
  modules: readonly QuireModule[],
  log: (err: unknown, step: string) => void,
): Promise<void> {
  const started = stoppers.get(ctx);
  for (const module of [...modules].reverse()) {
    for (const step of [started?.get(module), module.close && (() => module.close?.(ctx))]) {
      try {
        await step?.();
      } catch (err) {
        log(err, module.name);
      }
    }
  }
  closeDatabase(ctx.db);
}
