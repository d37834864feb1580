// Who is signed in and the public app configuration, loaded once at start.
import { create } from 'zustand';
import type { AppConfig, CurrentUser } from '../../../shared/api-types';

interface SessionState {
  config: AppConfig;
  user: CurrentUser | null;
  setUser: (user: CurrentUser | null) => void;
  setConfig: (config: AppConfig) => void;
}

const placeholderConfig: AppConfig = {
  title: 'Quire',
  confidential: '',
  isInstalled: true,
  restrictGuestMode: 'Readonly',
  registrationMode: 'Closed',
  isSearchServiceConfigured: false,
  isSearchServiceReachable: false,
  isEnabledLinebreaksInComments: true,
  isRomUserAllowedToComment: false,
  disableLinkSharing: false,
};

export const useSession = create<SessionState>()((set) => ({
  config: placeholderConfig,
  user: null,
  setUser: (user) => set({ user }),
  setConfig: (config) => set({ config }),
}));

/**
 * The origin for links handed to others (issue 16): the site URL or the shared wiki's address
 * from app-config, else this browser's own.
 */
export function publicOrigin(): string {
  return useSession.getState().config.publicOrigin || window.location.origin;
}
