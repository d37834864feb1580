// Installed plugins: install (zip or server folder, through a staging directory so a bad plugin
// leaves nothing behind), list, enable/disable, remove, and what the web app uses. Installing a
// plugin whose name is installed replaces it (an update), keeping its enabled state.
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { plugins } from '../../db/schema';
import { AppError, badRequest } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import type { SettingsService } from '../settings/service';
import {
  ManifestError,
  PLUGIN_MANIFEST,
  validateManifest,
  type ActivePluginsResponse,
  type InstalledPlugin,
  type PluginManifest,
  type PluginsResponse,
} from '../../../shared/plugin-types';
import { PluginFileError, copyFolder, extractZip, pluginRoot } from './files';

type PluginRow = typeof plugins.$inferSelect;

export const pluginNotFound = () => new AppError(404, 'plugin_not_found', 'plugins.errors.not_found');

function toInstalled(row: PluginRow): InstalledPlugin {
  const manifest = JSON.parse(row.manifest) as PluginManifest;
  return {
    _id: row.id,
    name: row.name,
    version: row.version,
    kind: row.kind,
    description: manifest.description ?? '',
    source: row.source,
    isEnabled: row.isEnabled,
    installedAt: row.installedAt.toISOString(),
    templates: (manifest.templates ?? []).map(({ id, title }) => ({ id, title })),
    themes: (manifest.themes ?? []).map(({ id, title }) => ({ id, title })),
    runsScript: manifest.kind === 'renderer',
  };
}

/** Reads and checks the manifest and every file it names; the error says which field is wrong. */
function readManifest(dir: string): PluginManifest {
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(path.join(dir, PLUGIN_MANIFEST), 'utf8'));
  } catch {
    throw badRequest('invalid_manifest', 'plugins.errors.invalid_manifest', { field: PLUGIN_MANIFEST });
  }
  let manifest: PluginManifest;
  try {
    manifest = validateManifest(raw);
  } catch (error) {
    if (error instanceof ManifestError)
      throw badRequest('invalid_manifest', 'plugins.errors.invalid_manifest', { field: error.field });
    throw error;
  }
  const files = [
    ...(manifest.templates ?? []).map((entry) => entry.file),
    ...(manifest.themes ?? []).flatMap((entry) => (entry.css ? [entry.css] : [])),
    ...(manifest.script ? [manifest.script] : []),
  ];
  for (const file of files) {
    if (!fs.statSync(path.join(dir, file), { throwIfNoEntry: false })?.isFile())
      throw badRequest('invalid_manifest', 'plugins.errors.missing_file', { field: file });
  }
  return manifest;
}

export class PluginsService {
  constructor(
    private readonly db: Db,
    private readonly dir: string,
    private readonly settings: SettingsService,
  ) {
    fs.mkdirSync(dir, { recursive: true });
  }

  list(): PluginsResponse {
    const rows = this.db.select().from(plugins).orderBy(plugins.name).all();
    return {
      plugins: rows.map(toInstalled),
      isEnabledPlugins: this.settings.get('plugin:isEnabledPlugins'),
      activeTheme: this.settings.get('plugin:activeTheme'),
    };
  }

  /** `allowScript`: the admin consented to a renderer extension's script (refused otherwise). */
  installZip(buffer: Buffer, fileName: string, allowScript = false): Promise<InstalledPlugin> {
    return this.install(`zip:${fileName}`, allowScript, (staging) => extractZip(buffer, staging));
  }

  /** A zip downloaded from `address` (the source says where it came from). */
  installDownloaded(buffer: Buffer, address: string, allowScript = false): Promise<InstalledPlugin> {
    return this.install(`url:${address}`, allowScript, (staging) => extractZip(buffer, staging));
  }

  installFolder(folder: string, allowScript = false): Promise<InstalledPlugin> {
    return this.install(`folder:${folder}`, allowScript, async (staging) => copyFolder(folder, staging));
  }

  private async install(
    source: string,
    allowScript: boolean,
    fill: (staging: string) => Promise<void>,
  ): Promise<InstalledPlugin> {
    const staging = fs.mkdtempSync(path.join(this.dir, '.staging-'));
    try {
      try {
        await fill(staging);
      } catch (error) {
        if (error instanceof PluginFileError)
          throw badRequest(error.code, `plugins.errors.${error.code}`, { entry: error.entry });
        throw error;
      }
      const root = pluginRoot(staging, PLUGIN_MANIFEST);
      if (root === null)
        throw badRequest('invalid_manifest', 'plugins.errors.no_manifest', { field: PLUGIN_MANIFEST });
      const manifest = readManifest(path.join(staging, root));
      // Script runs in every reader's browser: only when the admin said yes to exactly that.
      if (manifest.kind === 'renderer' && !allowScript)
        throw badRequest('script_consent_required', 'plugins.errors.script_consent_required');
      const existing = this.db.select().from(plugins).where(eq(plugins.name, manifest.name)).get();
      const id = existing?.id ?? newId();
      const target = path.join(this.dir, id);
      // Swap the files in, then the row: a failure between leaves the old row pointing at new
      // files of the same plugin name, never at nothing.
      const old = `${target}.old-${Date.now()}`;
      if (fs.existsSync(target)) fs.renameSync(target, old);
      fs.renameSync(path.join(staging, root), target);
      fs.rmSync(old, { recursive: true, force: true });
      const row = {
        id,
        name: manifest.name,
        version: manifest.version,
        kind: manifest.kind,
        source,
        manifest: JSON.stringify(manifest),
        isEnabled: existing?.isEnabled ?? true,
        installedAt: new Date(),
      };
      this.db.insert(plugins).values(row).onConflictDoUpdate({ target: plugins.id, set: row }).run();
      return toInstalled(row);
    } finally {
      fs.rmSync(staging, { recursive: true, force: true });
    }
  }

  private row(id: string): PluginRow {
    const row = this.db.select().from(plugins).where(eq(plugins.id, id)).get();
    if (!row) throw pluginNotFound();
    return row;
  }

  setEnabled(id: string, isEnabled: boolean): InstalledPlugin {
    const row = this.row(id);
    this.db.update(plugins).set({ isEnabled }).where(eq(plugins.id, id)).run();
    return toInstalled({ ...row, isEnabled });
  }

  /** Removes a plugin and its files; answers its name (GROWI's answer). */
  remove(id: string): string {
    const { name } = this.row(id);
    this.db.delete(plugins).where(eq(plugins.id, id)).run();
    if (this.settings.get('plugin:activeTheme').startsWith(`${id}/`))
      this.settings.set('plugin:activeTheme', '');
    fs.rmSync(path.join(this.dir, id), { recursive: true, force: true });
    return name;
  }

  /** Chooses the theme in use ('' for none); it must be a theme of an installed plugin. */
  setActiveTheme(value: string): void {
    if (value !== '') {
      const [pluginId = '', themeId] = value.split('/');
      const manifest = JSON.parse(this.row(pluginId).manifest) as PluginManifest;
      if (!manifest.themes?.some((theme) => theme.id === themeId)) throw pluginNotFound();
    }
    this.settings.set('plugin:activeTheme', value);
  }

  setLoading(isEnabled: boolean): void {
    this.settings.set('plugin:isEnabledPlugins', isEnabled);
  }

  /** Enabled plugins of the kinds the web app uses; nothing while plugin loading is off. */
  private enabled(): { row: PluginRow; manifest: PluginManifest }[] {
    if (!this.settings.get('plugin:isEnabledPlugins')) return [];
    return this.db
      .select()
      .from(plugins)
      .where(eq(plugins.isEnabled, true))
      .orderBy(plugins.name)
      .all()
      .map((row) => ({ row, manifest: JSON.parse(row.manifest) as PluginManifest }));
  }

  active(): ActivePluginsResponse {
    const enabled = this.enabled();
    const templates = enabled.flatMap(({ row, manifest }) =>
      (manifest.templates ?? []).map(({ id, title }) => ({ pluginId: row.id, id, title })),
    );
    const [pluginId, themeId] = this.settings.get('plugin:activeTheme').split('/');
    const owner = enabled.find(({ row }) => row.id === pluginId);
    const theme = owner?.manifest.themes?.find((entry) => entry.id === themeId);
    const renderers = enabled.flatMap(({ row, manifest }) =>
      manifest.kind === 'renderer' && manifest.script
        ? [{ pluginId: row.id, name: row.name, scriptUrl: `/plugins/${row.id}/files/${manifest.script}` }]
        : [],
    );
    return {
      templates,
      renderers,
      theme:
        owner && theme
          ? {
              pluginId: owner.row.id,
              id: theme.id,
              title: theme.title,
              cssUrl: theme.css ? `/plugins/${owner.row.id}/files/${theme.css}` : null,
              tokens: theme.tokens ?? {},
            }
          : null,
    };
  }

  /** The Markdown of an enabled template. */
  templateBody(pluginId: string, templateId: string): string {
    const owner = this.enabled().find(({ row }) => row.id === pluginId);
    const entry = owner?.manifest.templates?.find((template) => template.id === templateId);
    if (!entry) throw pluginNotFound();
    return fs.readFileSync(path.join(this.dir, pluginId, entry.file), 'utf8');
  }

  /**
   * A file the web app loads from an enabled plugin, only one its manifest names: a theme's
   * stylesheet or a renderer extension's module.
   */
  servedFile(pluginId: string, file: string): { type: 'css' | 'js'; text: string } {
    const owner = this.enabled().find(({ row }) => row.id === pluginId);
    const type = owner?.manifest.themes?.some((theme) => theme.css === file)
      ? 'css'
      : owner?.manifest.script === file
        ? 'js'
        : null;
    if (!owner || !type) throw pluginNotFound();
    return { type, text: fs.readFileSync(path.join(this.dir, pluginId, file), 'utf8') };
  }
}
