// Fakes for the parts of Electron the main process uses (src/main/electron-ports.ts): there is no
// Electron binary where tests run. They record what main does and let tests play the user and the OS.
import { EventEmitter } from 'node:events';
import { PassThrough } from 'node:stream';
import { vi } from 'vitest';
import type { BrowserWindowConstructorOptions, MenuItemConstructorOptions } from 'electron';
import type { SharingControlRequest, SharingState } from '../../src/shared/sharing';
import type {
  BrowserWindowPort,
  ElectronPorts,
  InvokeEventPort,
  MessageBoxAnswer,
  TrayPort,
  PermissionRequestHandler,
  PreventableEvent,
  UtilityChildPort,
  WebContentsPort,
} from '../../src/main/electron-ports';

export function preventableEvent(): PreventableEvent & { prevented: boolean } {
  const event = {
    prevented: false,
    preventDefault() {
      event.prevented = true;
    },
  };
  return event;
}

export class FakeWebContents extends EventEmitter implements WebContentsPort {
  windowOpenHandler: Parameters<WebContentsPort['setWindowOpenHandler']>[0] | null = null;
  permissionRequestHandler: PermissionRequestHandler | null = null;
  permissionCheckHandler: ((contents: unknown, permission: string, origin: string) => boolean) | null = null;
  readonly session = {
    setPermissionRequestHandler: (handler: PermissionRequestHandler | null) => {
      this.permissionRequestHandler = handler;
    },
    setPermissionCheckHandler: (
      handler: ((contents: unknown, permission: string, origin: string) => boolean) | null,
    ) => {
      this.permissionCheckHandler = handler;
    },
    /** The session's requests: a test points this at a real server with a signed-in cookie. */
    fetch: vi.fn((url: string, init?: RequestInit) => fetch(url, init)),
  };
  /** What the window shows; tests set it. */
  url = 'about:blank';
  getURL(): string {
    return this.url;
  }
  setWindowOpenHandler(handler: Parameters<WebContentsPort['setWindowOpenHandler']>[0]): void {
    this.windowOpenHandler = handler;
  }
  /** Plays a navigation: returns whether main let it happen. */
  navigate(kind: 'will-navigate' | 'will-redirect', url: string): boolean {
    const event = preventableEvent();
    this.emit(kind, event, url);
    return !event.prevented;
  }
}

export class FakeBrowserWindow extends EventEmitter implements BrowserWindowPort {
  static instances: FakeBrowserWindow[] = [];
  readonly webContents = new FakeWebContents();
  readonly loadURL = vi.fn(async (_url: string) => undefined);
  readonly show = vi.fn();
  readonly focus = vi.fn();
  readonly restore = vi.fn();
  readonly setProgressBar = vi.fn((_progress: number) => undefined);
  minimized = false;
  destroyed = false;

  constructor(readonly options: BrowserWindowConstructorOptions) {
    super();
    FakeBrowserWindow.instances.push(this);
  }
  isMinimized(): boolean {
    return this.minimized;
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  close(): void {
    this.destroyed = true;
    this.emit('closed');
  }
}

/** A utilityProcess child whose life the test drives. */
export class FakeUtilityChild extends EventEmitter implements UtilityChildPort {
  /** Above Linux's pid_max: a stray kill(pid) can never hit a real process. */
  pid: number | undefined = 4_999_999;
  readonly stdout = new PassThrough();
  readonly stderr = new PassThrough();
  /** What happens on SIGTERM; by default the server exits cleanly. */
  onTerminate: () => void = () => setImmediate(() => this.exit(0));
  readonly kill = vi.fn(() => {
    this.onTerminate();
    return true;
  });
  /** What the fake server says about sharing; null: it does not answer the control channel. */
  sharing: SharingState | null = null;
  /** The server stops on a `{type:'shutdown'}` message like on SIGTERM; sharing requests are answered. */
  readonly postMessage = vi.fn((message: unknown) => {
    const request = message as SharingControlRequest | { type: 'shutdown' };
    if (request.type === 'shutdown') this.onTerminate();
    else if (this.sharing && request.type.startsWith('sharing:'))
      this.answer(request as SharingControlRequest);
  });
  private answer(request: SharingControlRequest): void {
    if (request.type === 'sharing:set') this.sharing = { ...this.sharing!, shared: request.shared };
    const state = this.sharing!;
    const qrDataUrl = request.type === 'sharing:qr' ? 'data:image/png;base64,iVBORw0KGgo=' : undefined;
    setImmediate(() => {
      this.emit('message', { type: 'sharing:reply', id: request.id, ok: true, state, qrDataUrl });
      if (request.type === 'sharing:set') this.emit('message', { type: 'sharing:changed', state });
    });
  }
  exit(code: number): void {
    this.pid = undefined;
    this.emit('exit', code);
  }
}

/** A desktop notification: what it said, and whether it was shown. */
export class FakeNotification {
  static instances: FakeNotification[] = [];
  static isSupported = () => true;
  shown = false;
  constructor(readonly options: { title: string; body: string }) {
    FakeNotification.instances.push(this);
  }
  show(): void {
    this.shown = true;
  }
}

/** The notification-area icon: its tooltip and the last context menu set. */
export class FakeTray implements TrayPort {
  static instances: FakeTray[] = [];
  toolTip = '';
  contextMenu: { template: MenuItemConstructorOptions[] } | null = null;
  destroyed = false;
  constructor(readonly image: string) {
    FakeTray.instances.push(this);
  }
  setToolTip(toolTip: string): void {
    this.toolTip = toolTip;
  }
  setContextMenu(menu: object | null): void {
    this.contextMenu = menu as { template: MenuItemConstructorOptions[] } | null;
  }
  destroy(): void {
    this.destroyed = true;
  }
  /** Clicks a tray item by label (a checkbox gets its new value, as Electron gives it). */
  click(label: string): void {
    const item = this.contextMenu?.template.find((entry) => entry.label === label);
    if (!item) throw new Error(`no tray item ${label}`);
    const checked = item.type === 'checkbox' ? !item.checked : item.checked;
    (item.click as ((item: { checked?: boolean }) => void) | undefined)?.({ checked });
  }
}

export interface FakeElectronOptions {
  isPackaged?: boolean;
  gotLock?: boolean;
  userData?: string;
  /** What app.getLocale() answers (the OS language); default 'en-US'. */
  locale?: string;
  /** Called for each utilityProcess.fork, to script the child (say ready, crash, …). */
  onFork?: (child: FakeUtilityChild, modulePath: string, args: string[]) => void;
}

export function createFakeElectron(options: FakeElectronOptions = {}) {
  FakeBrowserWindow.instances = [];
  FakeTray.instances = [];
  FakeNotification.instances = [];
  const appEvents = new EventEmitter();
  const state = { quitCompleted: false };
  const app = {
    isPackaged: options.isPackaged ?? true,
    requestSingleInstanceLock: vi.fn(() => options.gotLock ?? true),
    whenReady: vi.fn(async () => undefined),
    getPath: vi.fn((_name: 'userData') => options.userData ?? '/home/ada/.config/Quire'),
    getName: () => 'Quire',
    getVersion: () => '0.1.0',
    getLocale: () => options.locale ?? 'en-US',
    setAboutPanelOptions: vi.fn(),
    showAboutPanel: vi.fn(),
    // Like Electron: quit() emits before-quit, and quits unless a listener prevents it.
    quit: vi.fn(() => {
      const event = preventableEvent();
      appEvents.emit('before-quit', event);
      if (!event.prevented) state.quitCompleted = true;
    }),
    exit: vi.fn((_code?: number) => undefined),
    setLoginItemSettings: vi.fn((_settings: { openAtLogin: boolean; args?: string[] }) => undefined),
    on: (event: string, listener: (event: PreventableEvent) => void) => appEvents.on(event, listener),
  };
  const handlers = new Map<string, (event: InvokeEventPort, ...args: unknown[]) => unknown>();
  const children: FakeUtilityChild[] = [];
  const menu = { template: null as MenuItemConstructorOptions[] | null, installed: null as object | null };

  const ports = {
    app,
    BrowserWindow: FakeBrowserWindow,
    Menu: {
      buildFromTemplate: vi.fn((template: MenuItemConstructorOptions[]) => ({ template })),
      // The application menu (the tray builds menus too): what was installed last.
      setApplicationMenu: vi.fn((built: object | null) => {
        menu.installed = built;
        menu.template = (built as { template: MenuItemConstructorOptions[] } | null)?.template ?? null;
      }),
    },
    ipcMain: {
      handle: vi.fn((channel: string, listener: (event: InvokeEventPort, ...args: unknown[]) => unknown) => {
        handlers.set(channel, listener);
      }),
    },
    shell: {
      openExternal: vi.fn(async (_url: string) => undefined),
      openPath: vi.fn(async (_path: string) => ''),
    },
    dialog: {
      showErrorBox: vi.fn((_title: string, _content: string) => undefined),
      showSaveDialog: vi.fn(
        async (_window: BrowserWindowPort, _options: object) =>
          ({ canceled: true }) as { canceled: boolean; filePath?: string },
      ),
      showOpenDialog: vi.fn(async (_window: BrowserWindowPort, _options: object) => ({
        canceled: true,
        filePaths: [] as string[],
      })),
      showMessageBox: vi.fn(
        async (_windowOrOptions: object, _options?: object): Promise<MessageBoxAnswer> => ({ response: 0 }),
      ),
    },
    clipboard: { writeText: vi.fn((_text: string) => undefined) },
    Tray: FakeTray,
    Notification: FakeNotification,
    nativeImage: { createFromDataURL: vi.fn((dataURL: string) => ({ dataURL })) },
    utilityProcess: {
      fork: vi.fn((modulePath: string, args: string[], _options: { serviceName: string; stdio: 'pipe' }) => {
        const child = new FakeUtilityChild();
        children.push(child);
        setImmediate(() => options.onFork?.(child, modulePath, args));
        return child;
      }),
    },
  } satisfies ElectronPorts;

  return {
    ports,
    state,
    children,
    menu,
    windows: () => FakeBrowserWindow.instances,
    tray: () => FakeTray.instances[0],
    notifications: () => FakeNotification.instances,
    /** Plays the OS or the user: 'second-instance', 'activate', 'window-all-closed'. */
    emitApp: (event: string) => appEvents.emit(event),
    /** Calls an ipcMain.handle listener as a frame of `origin` (null: the frame is gone). */
    invoke: (channel: string, origin: string | null, ...args: unknown[]) => {
      const listener = handlers.get(channel);
      if (!listener) throw new Error(`no handler for ${channel}`);
      return listener({ senderFrame: origin === null ? null : { origin } }, ...args);
    },
  };
}

export type FakeElectron = ReturnType<typeof createFakeElectron>;
