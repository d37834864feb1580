// Applies the theme plugin in use: its tokens as CSS custom properties on the document (through
// CSSOM, which the CSP allows — no inline style element) and its stylesheet as a <link> to the
// file Quire serves. Removing or switching the theme takes both away again. It also brings the
// renderer extensions' modules in line with the enabled ones (renderer-extensions.ts).
import { useEffect } from 'react';
import type { ActivePluginsResponse } from '../../../../shared/plugin-types';
import { useSession } from '../../stores/session';
import { usePluginsStore } from './store';
import { syncRendererExtensions } from './renderer-extensions';

function apply(theme: ActivePluginsResponse['theme']): () => void {
  if (!theme) return () => undefined;
  const root = document.documentElement;
  for (const [name, value] of Object.entries(theme.tokens)) root.style.setProperty(name, value);
  root.dataset.theme = `${theme.pluginId}/${theme.id}`;
  let link: HTMLLinkElement | null = null;
  if (theme.cssUrl) {
    link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = theme.cssUrl;
    link.dataset.pluginTheme = theme.id;
    document.head.appendChild(link);
  }
  return () => {
    for (const name of Object.keys(theme.tokens)) root.style.removeProperty(name);
    delete root.dataset.theme;
    link?.remove();
  };
}

export function ThemeLoader() {
  const theme = usePluginsStore((s) => s.active?.theme ?? null);
  const load = usePluginsStore((s) => s.load);
  // Loaded again when someone signs in or out: guests may be refused where users are not.
  const userId = useSession((s) => s.user?._id ?? null);
  useEffect(() => {
    void load();
  }, [load, userId]);
  useEffect(() => apply(theme), [theme]);
  // Renderer extensions load with the rest of what plugins give the web app.
  const renderers = usePluginsStore((s) => s.active?.renderers ?? null);
  useEffect(() => {
    if (renderers) void syncRendererExtensions(renderers);
  }, [renderers]);
  return null;
}
