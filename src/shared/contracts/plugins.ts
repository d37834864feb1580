// Plugins (issue 18): GROWI's admin routes (install from GitHub, activate, deactivate, remove) and
// Quire's own (a zip, a folder on the server, any address; the loading switch and the theme in
// use), and what every reader's web app loads (active plugins, a template's Markdown).
import { Type } from '@sinclair/typebox';
import { PLUGIN_KINDS } from '../plugin-types';
import { DateTime, defineContract, Enum, Id, Nullable, Ok } from './define';

const Entries = Type.Array(Type.Object({ id: Type.String(), title: Type.String() }));

export const InstalledPluginSchema = Type.Object({
  _id: Id,
  name: Type.String(),
  version: Type.String(),
  kind: Enum(PLUGIN_KINDS, 'string'),
  description: Type.String(),
  /** `zip:<file name>`, `folder:<path on the server>` or `url:<address downloaded>`. */
  source: Type.String(),
  isEnabled: Type.Boolean(),
  installedAt: DateTime,
  templates: Entries,
  themes: Entries,
  /** A renderer extension: its script runs in readers' browsers. */
  runsScript: Type.Boolean(),
});

const PluginAnswer = Type.Object({ pluginName: Type.String(), plugin: InstalledPluginSchema });

/** GROWI's installer form: a GitHub address with a branch or a tag (a tag wins). */
export const pluginInstall = defineContract({
  api: 'v3',
  method: 'POST',
  path: '/plugins',
  body: Type.Object({
    pluginInstallerForm: Type.Object({
      url: Type.String({ minLength: 1, maxLength: 2048 }),
      ghBranch: Type.Optional(Type.String({ maxLength: 200 })),
      ghTag: Type.Optional(Type.String({ maxLength: 200 })),
    }),
  }),
  response: { 201: PluginAnswer },
});

const switching = (action: 'activate' | 'deactivate') =>
  defineContract({
    api: 'v3',
    method: 'PUT',
    path: `/plugins/{id}/${action}`,
    params: Type.Object({ id: Id }),
    response: { 200: PluginAnswer },
  });

export const pluginActivate = switching('activate');
export const pluginDeactivate = switching('deactivate');

export const pluginRemove = defineContract({
  api: 'v3',
  method: 'DELETE',
  path: '/plugins/{id}/remove',
  params: Type.Object({ id: Id }),
  response: { 200: Type.Object({ ok: Ok, pluginName: Type.String() }) },
});

export const PluginsSchema = Type.Object({
  plugins: Type.Array(InstalledPluginSchema),
  isEnabledPlugins: Type.Boolean(),
  /** `<pluginId>/<themeId>` of the theme in use, or ''. */
  activeTheme: Type.String(),
});

export const pluginList = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/plugins',
  response: { 200: PluginsSchema },
});

const Installed = { 201: Type.Object({ plugin: InstalledPluginSchema }) };

/**
 * A zip uploaded as multipart (`allowScript` before `file`: the admin's consent to a renderer
 * extension's script). The route reads the parts itself.
 */
export const pluginUpload = defineContract({
  api: 'v3',
  method: 'POST',
  path: '/plugins/zip',
  response: Installed,
});

/** A plugin folder on the server's disk (its files are copied). */
export const pluginFromFolder = defineContract({
  api: 'v3',
  method: 'POST',
  path: '/plugins/folder',
  body: Type.Object({
    folderPath: Type.String({ minLength: 1, maxLength: 1024 }),
    allowScript: Type.Optional(Type.Boolean()),
  }),
  response: Installed,
});

/** A zip downloaded over http(s); a GitHub repository's address becomes its zip's. */
export const pluginFromUrl = defineContract({
  api: 'v3',
  method: 'POST',
  path: '/plugins/url',
  body: Type.Object({
    url: Type.String({ minLength: 1, maxLength: 2048 }),
    allowScript: Type.Optional(Type.Boolean()),
  }),
  response: Installed,
});

/** The loading switch and the theme in use ('' for the app's own). */
export const pluginSettingsUpdate = defineContract({
  api: 'v3',
  method: 'PUT',
  path: '/plugins/settings',
  body: Type.Object(
    {
      isEnabledPlugins: Type.Optional(Type.Boolean()),
      activeTheme: Type.Optional(Type.String({ pattern: '^$|^[0-9a-f]{24}/[a-z0-9][a-z0-9_-]{0,63}$' })),
    },
    { minProperties: 1, additionalProperties: false },
  ),
  response: { 200: PluginsSchema },
});

/** What the web app uses, empty while loading is off. */
export const ActivePluginsSchema = Type.Object({
  templates: Type.Array(Type.Object({ pluginId: Type.String(), id: Type.String(), title: Type.String() })),
  theme: Nullable(
    Type.Object({
      pluginId: Type.String(),
      id: Type.String(),
      title: Type.String(),
      cssUrl: Nullable(Type.String()),
      tokens: Type.Record(Type.String(), Type.String()),
    }),
  ),
  /** Enabled renderer extensions: the web app imports each module. */
  renderers: Type.Array(
    Type.Object({ pluginId: Type.String(), name: Type.String(), scriptUrl: Type.String() }),
  ),
});

export const activePlugins = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/plugins/active',
  response: { 200: ActivePluginsSchema },
});

export const pluginTemplate = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/plugins/{id}/templates/{templateId}',
  params: Type.Object({ id: Id, templateId: Type.String({ pattern: '^[a-z0-9][a-z0-9_-]{0,63}$' }) }),
  response: { 200: Type.Object({ markdown: Type.String() }) },
});
