// Admin-installed plugins (issue 18): the manifest (`quire-plugin.json` at the plugin's root), its
// validation, and the payloads of the plugin routes. Kinds: templates (offered in the New Page
// dialog), themes (CSS + tokens) — both data — and renderer extensions: an ES module of remark and
// rehype plugins and render interceptors that runs in every reader's browser, installed only with
// the admin's explicit consent to its script.

export const PLUGIN_MANIFEST = 'quire-plugin.json';
export const PLUGIN_KINDS = ['template', 'theme', 'renderer'] as const;
export type PluginKind = (typeof PLUGIN_KINDS)[number];

export interface TemplateEntry {
  id: string;
  title: string;
  /** Markdown file inside the plugin. */
  file: string;
}

export interface ThemeEntry {
  id: string;
  title: string;
  /** Stylesheet inside the plugin (optional: tokens alone may be enough). */
  css?: string;
  /** CSS custom properties of the app's theme (`--bg`, `--brand`, …) and their values. */
  tokens?: Record<string, string>;
}

export interface PluginManifest {
  name: string;
  version: string;
  kind: PluginKind;
  description?: string;
  templates?: TemplateEntry[];
  themes?: ThemeEntry[];
  /** For `renderer`: the ES module inside the plugin (`.js` or `.mjs`). */
  script?: string;
}

/** `GET /_api/v3/plugins` (admins). */
export interface InstalledPlugin {
  _id: string;
  name: string;
  version: string;
  kind: PluginKind;
  description: string;
  /** `zip:<file name>`, `folder:<path on the server>` or `url:<address downloaded>`. */
  source: string;
  isEnabled: boolean;
  installedAt: string;
  templates: { id: string; title: string }[];
  themes: { id: string; title: string }[];
  /** A renderer extension: its script runs in readers' browsers. */
  runsScript: boolean;
}

export interface PluginsResponse {
  plugins: InstalledPlugin[];
  isEnabledPlugins: boolean;
  /** `<pluginId>/<themeId>` of the theme in use, or ''. */
  activeTheme: string;
}

/** `GET /_api/v3/plugins/active` (everyone): what the web app uses, empty when loading is off. */
export interface ActivePluginsResponse {
  templates: { pluginId: string; id: string; title: string }[];
  theme: {
    pluginId: string;
    id: string;
    title: string;
    cssUrl: string | null;
    tokens: Record<string, string>;
  } | null;
  /** Enabled renderer extensions: the web app imports each module. */
  renderers: { pluginId: string; name: string; scriptUrl: string }[];
}

const NAME = /^[a-z0-9][a-z0-9._-]{0,63}$/;
const VERSION = /^\d{1,5}\.\d{1,5}\.\d{1,5}(-[0-9A-Za-z.-]{1,32})?$/;
const ID = /^[a-z0-9][a-z0-9_-]{0,63}$/;
const FILE = /^(?!.*(^|\/)\.\.?(\/|$))[A-Za-z0-9._/-]{1,200}$/;
const TOKEN_NAME = /^--[a-z0-9-]{1,64}$/;
/** Token values: colours, lengths, font lists. No url(), no expressions, no braces or semicolons. */
const TOKEN_VALUE = /^(?!.*(url|expression|image-set|@import)\s*\()[#\w\s.,%()'"+-]{1,200}$/i;

export class ManifestError extends Error {
  constructor(readonly field: string) {
    super(`invalid plugin manifest: ${field}`);
    this.name = 'ManifestError';
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function text(source: Record<string, unknown>, field: string, pattern: RegExp | null, max = 200): string {
  const value = source[field];
  if (typeof value !== 'string' || value.length > max || (pattern && !pattern.test(value)))
    throw new ManifestError(field);
  return value;
}

function entries(value: unknown, field: string): Record<string, unknown>[] {
  if (!Array.isArray(value) || value.length === 0 || value.length > 50 || !value.every(isRecord))
    throw new ManifestError(field);
  return value;
}

function uniqueIds<T extends { id: string }>(list: T[], field: string): T[] {
  if (new Set(list.map((entry) => entry.id)).size !== list.length) throw new ManifestError(`${field}.id`);
  return list;
}

/** The manifest, checked field by field; throws ManifestError naming the first bad field. */
export function validateManifest(raw: unknown): PluginManifest {
  if (!isRecord(raw)) throw new ManifestError('manifest');
  const kind = raw.kind;
  if (!(PLUGIN_KINDS as readonly unknown[]).includes(kind)) throw new ManifestError('kind');
  const manifest: PluginManifest = {
    name: text(raw, 'name', NAME),
    version: text(raw, 'version', VERSION),
    kind: kind as PluginKind,
  };
  if (raw.description !== undefined) manifest.description = text(raw, 'description', null, 500);
  if (manifest.kind === 'renderer') {
    manifest.script = text(raw, 'script', FILE);
    if (!/\.m?js$/.test(manifest.script)) throw new ManifestError('script');
  } else if (manifest.kind === 'template') {
    manifest.templates = uniqueIds(
      entries(raw.templates, 'templates').map((entry) => ({
        id: text(entry, 'id', ID),
        title: text(entry, 'title', null, 100),
        file: text(entry, 'file', FILE),
      })),
      'templates',
    );
  } else {
    manifest.themes = uniqueIds(
      entries(raw.themes, 'themes').map((entry) => {
        const theme: ThemeEntry = { id: text(entry, 'id', ID), title: text(entry, 'title', null, 100) };
        if (entry.css !== undefined) {
          theme.css = text(entry, 'css', FILE);
          if (!theme.css.endsWith('.css')) throw new ManifestError('themes.css');
        }
        if (entry.tokens !== undefined) {
          if (!isRecord(entry.tokens) || Object.keys(entry.tokens).length > 100)
            throw new ManifestError('themes.tokens');
          theme.tokens = {};
          for (const [name, value] of Object.entries(entry.tokens)) {
            if (!TOKEN_NAME.test(name) || typeof value !== 'string' || !TOKEN_VALUE.test(value))
              throw new ManifestError('themes.tokens');
            theme.tokens[name] = value;
          }
        }
        return theme;
      }),
      'themes',
    );
  }
  return manifest;
}
