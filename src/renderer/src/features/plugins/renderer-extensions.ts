// Renderer extensions (issue 18): the enabled plugins' ES modules, imported from Quire itself
// (`script-src 'self'`, no inline script), and what they add to page rendering — remark plugins and
// render interceptors through the render hook, rehype plugins before the sanitizer. Every plugin is
// guarded (a throwing one is skipped, the page renders without it); a module that fails to load is
// skipped too. Disabling a plugin takes its additions away again.
import { create } from 'zustand';
import type { Interceptor } from '../../../../shared/interceptors';
import { renderHooks, type RenderHooks, type RemarkPluginList } from '../../../../shared/macros/extensions';
import type { PluginList } from '../../../../shared/markdown';
import { guardPlugin, type GuardLogger } from '../../../../shared/plugin-guard';
import type { ActivePluginsResponse } from '../../../../shared/plugin-types';

/** What a renderer extension's module exports (as its default export). */
export interface RendererExtensionModule {
  remarkPlugins?: RemarkPluginList;
  rehypePlugins?: PluginList;
  interceptors?: Interceptor<RenderHooks>[];
}

interface ExtensionsState {
  /** Bumped whenever the render hook or the rehype list changed: pipelines are built again. */
  version: number;
  rehypePlugins: PluginList;
}

export const useRendererExtensions = create<ExtensionsState>(() => ({ version: 0, rehypePlugins: [] }));

const log: GuardLogger = (message, error) => console.error(message, error);

interface Loaded {
  scriptUrl: string;
  rehypePlugins: PluginList;
  remove: () => void;
}

const loaded = new Map<string, Loaded>();

/** Adds a module's parts; returns how to take them away. */
export function registerExtension(name: string, mod: RendererExtensionModule): Omit<Loaded, 'scriptUrl'> {
  const guard = <T>(entry: T) => guardPlugin(entry, name, log);
  const removers: (() => void)[] = [];
  const remark = (mod.remarkPlugins ?? []).map(guard);
  if (remark.length > 0) {
    removers.push(
      renderHooks.add({
        name: `plugin:${name}`,
        hooks: ['markdown:remarkPlugins'],
        process: (_hook, plugins) => [...plugins, ...remark],
      }),
    );
  }
  for (const interceptor of mod.interceptors ?? []) {
    if (typeof interceptor?.process !== 'function') continue;
    removers.push(
      renderHooks.add({
        ...interceptor,
        name: `plugin:${name}:${String(interceptor.name)}`,
        hooks: ['markdown:remarkPlugins'],
        // What the interceptor adds is guarded like the plugin's own list.
        process: (hook, plugins) => {
          const next = interceptor.process(hook, plugins);
          if (!Array.isArray(next)) return next;
          return next.map((entry) => (plugins.includes(entry) ? entry : guard(entry)));
        },
      }),
    );
  }
  return {
    rehypePlugins: (mod.rehypePlugins ?? []).map(guard),
    remove: () => removers.forEach((remove) => remove()),
  };
}

function publish(): void {
  useRendererExtensions.setState((state) => ({
    version: state.version + 1,
    rehypePlugins: [...loaded.values()].flatMap((entry) => entry.rehypePlugins),
  }));
}

/** Brings the loaded modules in line with the enabled renderer extensions. */
export async function syncRendererExtensions(renderers: ActivePluginsResponse['renderers']): Promise<void> {
  const wanted = new Map(renderers.map((r) => [r.pluginId, r]));
  let changed = false;
  for (const [pluginId, entry] of loaded) {
    if (wanted.get(pluginId)?.scriptUrl === entry.scriptUrl) continue;
    entry.remove();
    loaded.delete(pluginId);
    changed = true;
  }
  for (const renderer of renderers) {
    if (loaded.has(renderer.pluginId)) continue;
    try {
      const mod = (await import(/* @vite-ignore */ renderer.scriptUrl)) as {
        default?: RendererExtensionModule;
      };
      loaded.set(renderer.pluginId, {
        scriptUrl: renderer.scriptUrl,
        ...registerExtension(renderer.name, mod.default ?? {}),
      });
      changed = true;
    } catch (error) {
      log(`Plugin '${renderer.name}' could not be loaded and was skipped`, error);
    }
  }
  if (changed) publish();
}
