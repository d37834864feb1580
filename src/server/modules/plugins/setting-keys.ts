// The plugin switches (issue 18). Their keys are GROWI's unless said; settings/defaults.ts gathers
// every module's.

export const PLUGIN_SETTINGS = {
  /** Issue 18, GROWI's key: installed plugins are used at all ("plugin loading", SPEC §2). */
  'plugin:isEnabledPlugins': true,
  /** Issue 18: the theme plugin in use, `<pluginId>/<themeId>`, or '' for Quire's own look. */
  'plugin:activeTheme': '',
};
