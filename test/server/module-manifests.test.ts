// The server is built from one list of module manifests (issue 31): every module folder is in it,
// the builders import no module by hand, a module cannot use a service built after it, and closing
// stops every module in reverse order before the database closes, whatever fails on the way.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../src/server/config';
import { createContext } from '../../src/server/context';
import { defineModule } from '../../src/server/module';
import { MODULES } from '../../src/server/modules';
import { makeDataDir } from '../helpers/server';

const SERVER = path.resolve(__dirname, '../../src/server');
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function config() {
  const dataDir = makeDataDir();
  dirs.push(dataDir);
  return defaultConfig({ dataDir, logLevel: 'silent', logToFile: false });
}

describe('the module list', () => {
  it('holds one manifest for every module folder, named after it', () => {
    const folders = fs
      .readdirSync(path.join(SERVER, 'modules'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    expect(MODULES.map((module) => module.name).sort()).toEqual(folders);
    for (const folder of folders)
      expect(fs.existsSync(path.join(SERVER, 'modules', folder, 'manifest.ts'))).toBe(true);
  });

  it('is the only way the builders reach modules: each module imported at most once by them', () => {
    const seen = new Map<string, string[]>();
    for (const file of ['context.ts', 'app.ts', 'session-scope.ts']) {
      const source = fs.readFileSync(path.join(SERVER, file), 'utf8');
      for (const [, module] of source.matchAll(/from '\.\/modules\/([^/']+)\//g)) {
        seen.set(module!, [...(seen.get(module!) ?? []), file]);
      }
    }
    const repeated = [...seen].filter(([, files]) => files.length > 1);
    expect(repeated).toEqual([]);
    expect(seen.size).toBeLessThanOrEqual(2);
  });
});

describe('building and closing', () => {
  it('refuses a module that asks for a service a later module builds, naming both', () => {
    const early = defineModule({ name: 'early', services: (ctx) => ({ userGroups: ctx.pages as never }) });
    const late = defineModule({ name: 'late', services: () => ({ pages: {} as never }) });
    expect(() => createContext(config(), {}, [early, late])).toThrow(
      'module early asked for ctx.pages, which a module later in modules/index.ts builds',
    );
  });

  it('lets services reach a later module when they run, not when they are built', async () => {
    const early = defineModule({
      name: 'early',
      services: (ctx) => ({ userGroups: { later: () => ctx.pages } as never }),
    });
    const late = defineModule({ name: 'late', services: () => ({ pages: 'built later' as never }) });
    const ctx = createContext(config(), {}, [early, late]);
    expect((ctx.userGroups as unknown as { later(): unknown }).later()).toBe('built later');
    await ctx.close();
  });

  it('closes modules in reverse order, logs a failure and goes on, and closes the database last', async () => {
    const steps: string[] = [];
    const failures: string[] = [];
    const module = (name: string, fails = false) =>
      defineModule({
        name,
        close: async () => {
          steps.push(name);
          if (fails) throw new Error(`${name} broke`);
        },
      });
    const ctx = createContext(config(), {}, [module('first'), module('second', true), module('third')]);
    await ctx.close((err, step) => failures.push(`${step}: ${(err as Error).message}`));
    expect(steps).toEqual(['third', 'second', 'first']);
    expect(failures).toEqual(['second: second broke']);
    expect(ctx.db.$client.open).toBe(false);
  });
});

describe('sign-in providers', () => {
  it('are one folder each behind one list, with their switch among the settings', async () => {
    const { SIGN_IN_PROVIDERS } = await import('../../src/server/modules/auth/providers');
    const { SIGN_IN_SETTING_DEFAULTS } = await import('../../src/server/modules/auth/providers/settings');
    const { AUTH_IDS } = await import('../../src/shared/sign-in-types');
    const folders = fs
      .readdirSync(path.join(SERVER, 'modules/auth/providers'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && entry.name !== 'oauth2')
      .map((entry) => entry.name);
    expect(SIGN_IN_PROVIDERS.map((provider) => provider.id)).toEqual([...AUTH_IDS]);
    expect([...folders].sort()).toEqual([...AUTH_IDS].sort());
    for (const id of AUTH_IDS)
      expect(SIGN_IN_SETTING_DEFAULTS).toHaveProperty([`security:passport-${id}:isEnabled`]);
  });
});

describe('storage backends', () => {
  it('are one folder each behind one list, one per upload type', async () => {
    const { STORAGE_BACKENDS } = await import('../../src/server/modules/file-storage/backends');
    const { FILE_UPLOAD_TYPES } = await import('../../src/shared/file-storage-types');
    const folders = fs
      .readdirSync(path.join(SERVER, 'modules/file-storage/backends'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(STORAGE_BACKENDS.map((backend) => backend.type)).toEqual([...FILE_UPLOAD_TYPES]);
    // The S3 backend keeps GROWI's type name, `aws`.
    expect(folders.sort()).toEqual(['database', 'gcs', 'local', 's3']);
  });
});

describe('settings', () => {
  it('are each declared by the one module that owns them, and all of them have a default', async () => {
    const { SETTING_DEFAULTS } = await import('../../src/server/modules/settings/defaults');
    const declared = MODULES.flatMap((module) => Object.keys(module.settings ?? {}));
    expect(new Set(declared).size).toBe(declared.length);
    expect([...declared].sort()).toEqual(Object.keys(SETTING_DEFAULTS).sort());
  });
});
