// Plugin calls: the admin's (list, install, activate, deactivate, remove, settings) and the web
// app's (active plugins, a template's Markdown).
import type {
  ActivePluginsResponse,
  InstalledPlugin,
  PluginsResponse,
} from '../../../../shared/plugin-types';
import { api } from '../../api/client';

export const listPlugins = () => api.get<PluginsResponse>('/_api/v3/plugins');

/** `allowScript`: the admin's consent to a renderer extension's script (sent before the file). */
export async function installZip(file: File, allowScript = false): Promise<InstalledPlugin> {
  const form = new FormData();
  form.append('allowScript', String(allowScript));
  form.append('file', file, file.name);
  return (await api.postForm<{ plugin: InstalledPlugin }>('/_api/v3/plugins/zip', form)).plugin;
}

export async function installFolder(folderPath: string, allowScript = false): Promise<InstalledPlugin> {
  return (await api.post<{ plugin: InstalledPlugin }>('/_api/v3/plugins/folder', { folderPath, allowScript }))
    .plugin;
}

export async function installFromUrl(url: string, allowScript = false): Promise<InstalledPlugin> {
  return (await api.post<{ plugin: InstalledPlugin }>('/_api/v3/plugins/url', { url, allowScript })).plugin;
}

export const setPluginEnabled = (id: string, enabled: boolean) =>
  api.put<{ plugin: InstalledPlugin }>(`/_api/v3/plugins/${id}/${enabled ? 'activate' : 'deactivate'}`);

export const removePlugin = (id: string) => api.delete(`/_api/v3/plugins/${id}/remove`);

export const updatePluginSettings = (settings: { isEnabledPlugins?: boolean; activeTheme?: string }) =>
  api.put<PluginsResponse>('/_api/v3/plugins/settings', settings);

export const activePlugins = () => api.get<ActivePluginsResponse>('/_api/v3/plugins/active');

export async function templateMarkdown(pluginId: string, templateId: string): Promise<string> {
  return (await api.get<{ markdown: string }>(`/_api/v3/plugins/${pluginId}/templates/${templateId}`))
    .markdown;
}
