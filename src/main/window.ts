// The desktop window: the web app served by the embedded server, locked to the server's origin.
// The page is the same one colleagues get in their browsers; what the window adds is the preload's
// `window.quire` — so it must never show another site with that bridge attached.
import type { WebPreferences } from 'electron';
import { APP_VERSION_ARG } from '../shared/desktop-api';
import type {
  BrowserWindowClassPort,
  BrowserWindowPort,
  PermissionRequestHandler,
  ShellPort,
  WebContentsPort,
} from './electron-ports';

export interface MainWindowOptions {
  /** The server URL to load; its origin is the only one the window may show. */
  url: string;
  preloadPath: string;
  /** Window icon (Linux and Windows; macOS uses the bundle's). */
  iconPath?: string;
  appVersion: string;
}

export function mainWindowPreferences(preloadPath: string, appVersion: string): WebPreferences {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    webSecurity: true,
    additionalArguments: [APP_VERSION_ARG + appVersion],
  };
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** Links the system browser may open. Never file:, javascript: or custom schemes. */
export function isSafeExternalUrl(url: string): boolean {
  try {
    return ['http:', 'https:', 'mailto:'].includes(new URL(url).protocol);
  } catch {
    return false;
  }
}

export type NavigationDecision = 'allow' | 'open-external' | 'block';

/** Same origin stays in the window; safe links elsewhere go to the system browser; the rest nowhere. */
export function decideNavigation(targetUrl: string, serverOrigin: string): NavigationDecision {
  if (originOf(targetUrl) === serverOrigin) return 'allow';
  return isSafeExternalUrl(targetUrl) ? 'open-external' : 'block';
}

export interface WindowDeps {
  BrowserWindow: BrowserWindowClassPort;
  shell: ShellPort;
}

/**
 * Keeps a window's web contents on the server's origin: other origins open in the system browser,
 * and new windows of the wiki itself (target=_blank) get the same preferences and the same guard.
 */
function lockToOrigin(
  webContents: WebContentsPort,
  serverOrigin: string,
  shell: ShellPort,
  preferences: WebPreferences,
): void {
  const openOutside = (url: string) => {
    if (isSafeExternalUrl(url)) void shell.openExternal(url).catch(() => undefined);
  };
  webContents.setWindowOpenHandler(({ url }) => {
    if (originOf(url) === serverOrigin) {
      return { action: 'allow', overrideBrowserWindowOptions: { webPreferences: preferences } };
    }
    openOutside(url);
    return { action: 'deny' };
  });
  webContents.on('did-create-window', (child) =>
    lockToOrigin(child.webContents, serverOrigin, shell, preferences),
  );
  webContents.on('will-navigate', (event, url) => {
    const decision = decideNavigation(url, serverOrigin);
    if (decision === 'allow') return;
    event.preventDefault();
    if (decision === 'open-external') openOutside(url);
  });
  webContents.on('will-redirect', (event, url) => {
    if (decideNavigation(url, serverOrigin) !== 'allow') event.preventDefault();
  });
}

export function createMainWindow(deps: WindowDeps, options: MainWindowOptions): BrowserWindowPort {
  const serverOrigin = new URL(options.url).origin;
  const preferences = mainWindowPreferences(options.preloadPath, options.appVersion);
  const window = new deps.BrowserWindow({
    width: 1280,
    height: 860,
    minWidth: 480,
    minHeight: 360,
    title: 'Quire',
    // Shown once painted, so there is no blank white frame first.
    show: false,
    ...(options.iconPath ? { icon: options.iconPath } : {}),
    webPreferences: preferences,
  });
  const { webContents } = window;
  lockToOrigin(webContents, serverOrigin, deps.shell, preferences);

  // Permissions (notifications, clipboard, …) only for the wiki itself, never for embedded frames
  // of other sites. The session is shared by the wiki's windows, so once is enough.
  const onPermissionRequest: PermissionRequestHandler = (_contents, _permission, callback, details) =>
    callback(originOf(details.requestingUrl) === serverOrigin);
  webContents.session.setPermissionRequestHandler(onPermissionRequest);
  webContents.session.setPermissionCheckHandler(
    (_contents, _permission, requestingOrigin) => originOf(requestingOrigin) === serverOrigin,
  );

  window.once('ready-to-show', () => window.show());
  void window.loadURL(options.url).catch(() => undefined);
  return window;
}
