// The desktop's menus and tray once the server runs (issue 16): the application menu and the tray
// are drawn from the sharing state and redrawn on every change, whichever side switched it.
import type { DesktopServerInfo } from '../shared/desktop-api';
import type { DesktopAppOptions } from './app-lifecycle';
import { sessionHttp, type ArchiveMenuActions } from './archive-menu';
import type { MarkdownMenuActions } from './markdown-menu';
import { PreferencesStore } from './desktop-preferences';
import { DesktopSharing } from './desktop-sharing';
import type { BrowserWindowPort } from './electron-ports';
import { desktopLang, type Translate } from './i18n';
import { setStartAtLogin } from './login-items';
import { buildMenuTemplate } from './menu';
import type { ServerProcess } from './server-process';
import { SharingChannel } from './sharing-channel';
import { buildTrayTemplate, trayTooltip } from './tray';

export interface DesktopChromeDeps {
  options: DesktopAppOptions;
  server: ServerProcess;
  info: DesktopServerInfo;
  t: Translate;
  appName: string;
  window: () => BrowserWindowPort | null;
  showWindow: (path?: string) => void;
  /** The File menu's data items: archives, Markdown, restoring a backup. */
  archive: ArchiveMenuActions & MarkdownMenuActions & { restoreBackup(): void };
}

export function installDesktopChrome(deps: DesktopChromeDeps): DesktopSharing {
  const { options, info, t, archive, showWindow } = deps;
  const { app, dialog, clipboard, shell, Menu, Tray } = options.electron;
  const preferences = new PreferencesStore(info.dataDir);
  const desktop = new DesktopSharing({
    channel: new SharingChannel(deps.server, desktopLang(app.getLocale())),
    dialog,
    clipboard,
    nativeImage: options.electron.nativeImage,
    preferences,
    t,
    window: deps.window,
    localUrl: info.url,
    backUpNow: async () => {
      const open = deps.window();
      // Backups are an administrator's: the window's session says who asks.
      if (!open) throw new Error(t('sharing.backupNeedsWindow'));
      const reply = await sessionHttp(open, info.url).json<{ backup: { name: string } }>(
        'POST',
        '/_api/v3/backups',
      );
      return reply.backup.name;
    },
  });
  const setLoginItem = (enabled: boolean) => {
    setStartAtLogin(enabled, {
      platform: options.platform,
      setLoginItemSettings: (settings) => app.setLoginItemSettings(settings),
      env: options.env,
      execPath: options.execPath ?? process.execPath,
    });
    preferences.update({ startAtLogin: enabled });
    redraw();
  };
  const tray = new Tray(options.paths.icon);
  const redraw = () => {
    const state = desktop.state;
    const template = buildMenuTemplate({
      platform: options.platform,
      appName: deps.appName,
      t,
      sharing: state,
      startAtLogin: preferences.get().startAtLogin,
      actions: {
        showAbout: () => app.showAboutPanel(),
        openDataFolder: () => void shell.openPath(info.dataDir),
        copyWikiAddress: () => desktop.copyAddress(),
        openScreen: (path) => showWindow(path),
        exportArchive: archive.exportArchive,
        importArchive: archive.importArchive,
        exportMarkdown: archive.exportMarkdown,
        importMarkdown: archive.importMarkdown,
        restoreBackup: archive.restoreBackup,
        setShared: (shared) => void desktop.setShared(shared),
        backUpNow: () => void desktop.backUpNow(),
        setStartAtLogin: setLoginItem,
      },
    });
    Menu.setApplicationMenu(Menu.buildFromTemplate(template));
    tray.setToolTip(trayTooltip(state, t));
    // Linux needs the context menu set again after every change.
    const trayTemplate = buildTrayTemplate(state, t, {
      openWindow: () => showWindow(),
      setShared: (shared) => void desktop.setShared(shared),
      copyAddress: () => desktop.copyAddress(),
      showQrCode: () => void desktop.showQrCode(),
      backUpNow: () => void desktop.backUpNow(),
      quit: () => app.quit(),
    });
    tray.setContextMenu(Menu.buildFromTemplate(trayTemplate));
  };
  desktop.onChange(redraw);
  redraw();
  void desktop.refresh();
  return desktop;
}
