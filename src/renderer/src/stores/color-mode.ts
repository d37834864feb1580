// Colour scheme (SPEC §4): a stored preference wins; without one the OS setting decides. Applying
// puts a `dark` marker on <html> and removes `light`, or the reverse.
import { create } from 'zustand';

export const PREFER_DARK_KEY = 'preferDarkModeByUser';
const query = '(prefers-color-scheme: dark)';

function readPreference(): boolean | null {
  try {
    const stored = localStorage.getItem(PREFER_DARK_KEY);
    return stored === 'true' ? true : stored === 'false' ? false : null;
  } catch {
    return null;
  }
}

function writePreference(value: boolean | null): void {
  try {
    if (value === null) localStorage.removeItem(PREFER_DARK_KEY);
    else localStorage.setItem(PREFER_DARK_KEY, String(value));
  } catch {
    // storage disabled: the choice lasts for this visit only
  }
}

// Outside a browser (server-side rendering in tests) there is no OS setting to follow.
const systemPrefersDark = (): boolean =>
  typeof window !== 'undefined' && (window.matchMedia?.(query).matches ?? false);

export function applyColorScheme(dark: boolean): void {
  const root = document.documentElement;
  root.classList.toggle('dark', dark);
  root.classList.toggle('light', !dark);
  root.dataset.theme = dark ? 'dark' : 'light';
  root.style.colorScheme = dark ? 'dark' : 'light';
}

interface ColorModeState {
  /** The stored preference; null = follow the OS. */
  preference: boolean | null;
  systemDark: boolean;
  isDark: () => boolean;
  /** true: follow the OS (clear the preference); false: store the current OS setting. */
  setFollowSystem: (follow: boolean) => void;
  setDark: (dark: boolean) => void;
}

export const useColorMode = create<ColorModeState>()((set, get) => ({
  preference: readPreference(),
  systemDark: systemPrefersDark(),
  isDark: () => get().preference ?? get().systemDark,
  setFollowSystem: (follow) => {
    const preference = follow ? null : get().systemDark;
    writePreference(preference);
    set({ preference });
  },
  setDark: (dark) => {
    writePreference(dark);
    set({ preference: dark });
  },
}));

/** Applies the scheme now and whenever the preference or (while following) the OS changes. */
export function startColorMode(): void {
  const state = useColorMode.getState;
  applyColorScheme(state().isDark());
  useColorMode.subscribe((s) => applyColorScheme(s.isDark()));
  window.matchMedia?.(query).addEventListener('change', (event) => {
    useColorMode.setState({ systemDark: event.matches });
  });
  // Another tab changed the preference.
  window.addEventListener('storage', (event) => {
    if (event.key === PREFER_DARK_KEY || event.key === null)
      useColorMode.setState({ preference: readPreference() });
  });
}
