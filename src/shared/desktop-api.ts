// The `window.quire` API the desktop app's preload exposes to the web app. It exists only inside the
// Quire desktop window, never in a colleague's browser, so the renderer feature-detects it:
// `if (window.quire?.isDesktop) …`. Keep it small: everything here crosses the context bridge.

/** The IPC channel behind `getServerInfo()`; the main process answers only the server's own origin. */
export const SERVER_INFO_CHANNEL = 'quire:server-info';

/** Archive import/export progress from the admin screens to the taskbar/dock (issue 11). */
export const ARCHIVE_PROGRESS_CHANNEL = 'quire:archive-progress';

/**
 * How main hands the app version to the sandboxed preload, which has no `app` module: a
 * command-line argument of the window's renderer (webPreferences.additionalArguments).
 */
export const APP_VERSION_ARG = '--quire-app-version=';

/** The embedded wiki server as the desktop app started it. */
export interface DesktopServerInfo {
  /** The address this window uses (loopback unless the server listens on one interface only). */
  url: string;
  /** Every address the server answers on; with LAN sharing on, the ones colleagues can use. */
  urls: string[];
  /** Where quire.db, attachments/, backups/ and logs/ live. */
  dataDir: string;
}

export interface QuireDesktopApi {
  readonly isDesktop: true;
  /** `process.platform` of the desktop machine: 'darwin', 'win32' or 'linux'. */
  readonly platform: string;
  readonly versions: { readonly app: string; readonly electron: string };
  getServerInfo(): Promise<DesktopServerInfo>;
  /** Shows archive progress on the taskbar/dock: 0–1, or null when done. */
  setArchiveProgress(fraction: number | null): Promise<void>;
}

declare global {
  interface Window {
    /** Present only in the Quire desktop window (see src/preload). */
    quire?: QuireDesktopApi;
  }
}

/**
 * The server's exit code when its database is damaged (issue 26): it did not open it, and sent
 * `{ type: 'database-damaged', file, problem, backup }` first, so the desktop can offer the backup.
 */
export const DAMAGED_DATABASE_EXIT = 3;

/** What the server tells its parent before refusing a damaged database. */
export interface DatabaseDamagedMessage {
  type: 'database-damaged';
  file: string;
  problem: string;
  /** The newest backup that was verified when made, or null. */
  backup: { name: string; file: string; createdAt: string } | null;
}
