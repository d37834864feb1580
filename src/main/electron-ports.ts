// The slice of Electron's main-process API that Quire uses, as plain interfaces. index.ts passes the
// real `electron` module (the compiler checks it fits); tests pass small fakes, because the Electron
// binary — and so the real module — does not exist where the tests run.
import type {
  AboutPanelOptionsOptions,
  BrowserWindowConstructorOptions,
  MenuItemConstructorOptions,
  MessageBoxOptions,
  OpenDialogOptions,
  SaveDialogOptions,
  WindowOpenHandlerResponse,
} from 'electron';

export interface PreventableEvent {
  preventDefault(): void;
}

export interface AppPort {
  readonly isPackaged: boolean;
  requestSingleInstanceLock(): boolean;
  whenReady(): Promise<unknown>;
  getPath(name: 'userData'): string;
  getName(): string;
  getVersion(): string;
  /** The OS language as a tag (`en-US`, `ja`, `zh-CN`); only meaningful once the app is ready. */
  getLocale(): string;
  setAboutPanelOptions(options: AboutPanelOptionsOptions): void;
  showAboutPanel(): void;
  quit(): void;
  exit(exitCode?: number): void;
  on(event: 'second-instance', listener: () => void): unknown;
  on(event: 'activate', listener: () => void): unknown;
  on(event: 'window-all-closed', listener: () => void): unknown;
  on(event: 'before-quit', listener: (event: PreventableEvent) => void): unknown;
  /** Login items (macOS and Windows only; Linux gets an autostart file instead). */
  setLoginItemSettings(settings: { openAtLogin: boolean; args?: string[] }): void;
}

/** Permission names are Electron's; Quire only compares origins, so a string is enough here. */
export type PermissionRequestHandler = (
  webContents: unknown,
  permission: string,
  callback: (granted: boolean) => void,
  details: { requestingUrl: string },
) => void;

export interface WebContentsPort {
  /** The address shown (File ▸ Export/Import Markdown work on the page the window shows). */
  getURL(): string;
  setWindowOpenHandler(handler: (details: { url: string }) => WindowOpenHandlerResponse): void;
  on(event: 'did-create-window', listener: (window: { webContents: WebContentsPort }) => void): unknown;
  on(event: 'will-navigate', listener: (event: PreventableEvent, url: string) => void): unknown;
  on(event: 'will-redirect', listener: (event: PreventableEvent, url: string) => void): unknown;
  readonly session: {
    setPermissionRequestHandler(handler: PermissionRequestHandler | null): void;
    setPermissionCheckHandler(
      handler: ((webContents: unknown, permission: string, requestingOrigin: string) => boolean) | null,
    ): void;
    /** Requests with this session's cookies (the archive menu items call the wiki's routes). */
    fetch(url: string, init?: RequestInit): Promise<Response>;
  };
}

export interface BrowserWindowPort {
  readonly webContents: WebContentsPort;
  loadURL(url: string): Promise<void>;
  show(): void;
  focus(): void;
  restore(): void;
  isMinimized(): boolean;
  isDestroyed(): boolean;
  /** Taskbar/dock progress: 0–1, above 1 indeterminate, below 0 none. */
  setProgressBar(progress: number): void;
  once(event: 'ready-to-show', listener: () => void): unknown;
  on(event: 'closed', listener: () => void): unknown;
}

export interface BrowserWindowClassPort {
  new (options: BrowserWindowConstructorOptions): BrowserWindowPort;
}

export interface MenuPort {
  buildFromTemplate(template: MenuItemConstructorOptions[]): object;
  setApplicationMenu(menu: object | null): void;
}

/** What `ipcMain.handle` listeners receive that Quire looks at: the frame that asked. */
export interface InvokeEventPort {
  readonly senderFrame: { readonly origin: string } | null;
}

export interface IpcMainPort {
  handle(channel: string, listener: (event: InvokeEventPort, ...args: unknown[]) => unknown): void;
}

export interface ShellPort {
  openExternal(url: string): Promise<void>;
  openPath(path: string): Promise<string>;
}

export interface DialogPort {
  showErrorBox(title: string, content: string): void;
  showSaveDialog(
    window: object,
    options: SaveDialogOptions,
  ): Promise<{ canceled: boolean; filePath?: string }>;
  showOpenDialog(
    window: object,
    options: OpenDialogOptions,
  ): Promise<{ canceled: boolean; filePaths: string[] }>;
  showMessageBox(window: object, options: MessageBoxOptions): Promise<MessageBoxAnswer>;
  /** Without a window (the tray, when none is open). */
  showMessageBox(options: MessageBoxOptions): Promise<MessageBoxAnswer>;
}

export interface MessageBoxAnswer {
  response: number;
  checkboxChecked?: boolean;
}

/** The notification-area icon (issue 16). */
export interface TrayPort {
  setToolTip(toolTip: string): void;
  setContextMenu(menu: object | null): void;
  destroy(): void;
}

export interface TrayClassPort {
  new (image: string): TrayPort;
}

export interface NativeImagePort {
  /** The QR code's PNG for "Show QR code" (Electron's NativeImage). */
  createFromDataURL(dataURL: string): object;
}

/** A desktop notification (issue 26: the data folder's disk is low or full). */
export interface NotificationClassPort {
  new (options: { title: string; body: string }): { show(): void };
  isSupported(): boolean;
}

export interface ClipboardPort {
  writeText(text: string): void;
}

/** A child forked by Electron's `utilityProcess` (only the parts the server launcher uses). */
export interface UtilityChildPort {
  readonly pid: number | undefined;
  readonly stdout: NodeJS.ReadableStream | null;
  readonly stderr: NodeJS.ReadableStream | null;
  kill(): boolean;
  postMessage(message: unknown): void;
  on(event: 'message', listener: (message: unknown) => void): unknown;
  on(event: 'exit', listener: (code: number) => void): unknown;
}

export interface UtilityProcessPort {
  fork(
    modulePath: string,
    args: string[],
    options: { serviceName: string; stdio: 'pipe'; env?: NodeJS.ProcessEnv },
  ): UtilityChildPort;
}

export interface ElectronPorts {
  app: AppPort;
  BrowserWindow: BrowserWindowClassPort;
  Menu: MenuPort;
  ipcMain: IpcMainPort;
  shell: ShellPort;
  dialog: DialogPort;
  clipboard: ClipboardPort;
  utilityProcess: UtilityProcessPort;
  Tray: TrayClassPort;
  nativeImage: NativeImagePort;
  Notification: NotificationClassPort;
}
