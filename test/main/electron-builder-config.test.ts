// electron-builder cannot run here (it downloads Electron), so its config is checked the way
// electron-builder itself checks it before building: against its JSON schema.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);

interface BuilderConfigModule {
  getConfig(
    projectDir: string,
    configPath: string,
    configFromOptions: null,
  ): Promise<Record<string, unknown>>;
  validateConfiguration(config: Record<string, unknown>, logger: { isEnabled: boolean }): Promise<void>;
}

// app-builder-lib is electron-builder's engine; this module is where it loads and validates configs.
const builder = require('app-builder-lib/out/util/config/config.js') as BuilderConfigModule;

describe('electron-builder.yml', () => {
  it('matches electron-builder’s schema and names the app', async () => {
    const config = await builder.getConfig(root, path.join(root, 'electron-builder.yml'), null);
    await builder.validateConfiguration(config, { isEnabled: false });
    expect(config).toMatchObject({
      appId: 'org.quire.desktop',
      productName: 'Quire',
      directories: { buildResources: 'build' },
      npmRebuild: true,
    });
    expect(config.asarUnpack).toContain('node_modules/better-sqlite3/**');
  });

  it('builds AppImage and deb, a per-user NSIS installer, and a dmg that may use the local network', async () => {
    const config = await builder.getConfig(root, path.join(root, 'electron-builder.yml'), null);
    expect(config).toMatchObject({
      linux: { target: ['AppImage', 'deb'] },
      win: { target: 'nsis' },
      nsis: { oneClick: false, perMachine: false },
      mac: {
        target: 'dmg',
        extendInfo: {
          NSLocalNetworkUsageDescription: expect.stringContaining('local network'),
          NSBonjourServices: ['_http._tcp'],
        },
      },
    });
    // A worker reads its file, and what it imports, from disk, not through Electron's asar layer
    // (pack-check runs each one from app.asar.unpacked).
    expect(config.asarUnpack).toEqual(
      expect.arrayContaining(['out/main/*-worker.js', 'out/main/chunks/**', 'out/main/package.json']),
    );
  });
});
