// What the web app uses of the installed plugins (templates, the theme), loaded once and again
// after an admin changes plugins.
import { create } from 'zustand';
import type { ActivePluginsResponse } from '../../../../shared/plugin-types';
import { activePlugins } from './api';

interface PluginsState {
  active: ActivePluginsResponse | null;
  load: () => Promise<void>;
}

export const usePluginsStore = create<PluginsState>((set) => ({
  active: null,
  load: async () => {
    try {
      set({ active: await activePlugins() });
    } catch {
      // No plugins when they cannot be read (guest access denied, offline): Quire's own look.
      set({ active: { templates: [], theme: null, renderers: [] } });
    }
  },
}));
