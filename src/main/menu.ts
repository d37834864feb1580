// The application menu, as a pure template builder so tests can walk it. Rule: every item does
// something real. File holds the archive and Markdown items (archive-menu.ts, markdown-menu.ts),
// Share on LAN, Back up now, Restore from Backup… and Start at login (issues 12, 16), and Close/Quit. The Admin items open the web app's admin screens in the window (the
// screens themselves tell non-admins they may not enter). Role items get the operating system's own
// wording; the others come from `t` (desktop.json), in the same language.
import type { MenuItemConstructorOptions } from 'electron';
import type { Translate } from './i18n';
import type { SharingState } from '../shared/sharing';
import { archiveMenuItems, type ArchiveMenuActions } from './archive-menu';
import type { MarkdownMenuActions } from './markdown-menu';

export interface MenuActions extends ArchiveMenuActions, MarkdownMenuActions {
  showAbout(): void;
  openDataFolder(): void;
  copyWikiAddress(): void;
  /** Shows the window on a path of the wiki (e.g. `/admin/users`). */
  openScreen(path: string): void;
  /** Share on LAN (issue 16): the checkbox's new value. */
  setShared(shared: boolean): void;
  backUpNow(): void;
  /** File ▸ Restore from Backup… (issue 12). */
  restoreBackup(): void;
  setStartAtLogin(enabled: boolean): void;
}

/** The Admin menu's screens, in menu order, with their desktop.json label keys. */
export const ADMIN_SCREENS = [
  { path: '/admin/users', label: 'adminMenu.users' },
  { path: '/admin/user-groups', label: 'adminMenu.userGroups' },
  { path: '/admin/security', label: 'adminMenu.security' },
  { path: '/admin/search', label: 'adminMenu.search' },
  { path: '/admin/markdown', label: 'adminMenu.markdown' },
  { path: '/admin/share-links', label: 'adminMenu.shareLinks' },
  { path: '/admin/export', label: 'adminMenu.export' },
  { path: '/admin/importer', label: 'adminMenu.importer' },
  { path: '/admin/backups', label: 'backupsMenu.backups' },
  { path: '/admin/sharing', label: 'adminMenu.sharing' },
] as const;

export interface MenuOptions {
  platform: NodeJS.Platform;
  appName: string;
  actions: MenuActions;
  t: Translate;
  /** What the server says about sharing; null until it answered. */
  sharing?: SharingState | null;
  startAtLogin?: boolean;
}

export function buildMenuTemplate({
  platform,
  appName,
  actions,
  t,
  sharing = null,
  startAtLogin = false,
}: MenuOptions): MenuItemConstructorOptions[] {
  const template: MenuItemConstructorOptions[] = [];
  // macOS: the app menu (About, Services, Hide, Quit); elsewhere File holds Quit.
  if (platform === 'darwin') template.push({ role: 'appMenu', label: appName });
  template.push(
    {
      label: t('menu.file'),
      submenu: [
        ...archiveMenuItems(t, actions),
        { label: t('markdown.exportItem'), click: () => actions.exportMarkdown() },
        { label: t('markdown.importItem'), click: () => actions.importMarkdown() },
        { type: 'separator' },
        {
          label: t('sharing.shareOnLan'),
          type: 'checkbox',
          checked: sharing?.shared ?? false,
          enabled: sharing !== null && !sharing.fixed,
          click: (item) => actions.setShared(item.checked),
        },
        { label: t('sharing.backUpNow'), click: () => actions.backUpNow() },
        { label: t('restore.item'), click: () => actions.restoreBackup() },
        {
          label: t('sharing.startAtLogin'),
          type: 'checkbox',
          checked: startAtLogin,
          click: (item) => actions.setStartAtLogin(item.checked),
        },
        { type: 'separator' },
        platform === 'darwin' ? { role: 'close' } : { role: 'quit' },
      ],
    },
    { role: 'editMenu' },
    {
      label: t('menu.view'),
      submenu: [
        { role: 'reload' },
        { role: 'forceReload' },
        { role: 'toggleDevTools' },
        { type: 'separator' },
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
      ],
    },
    {
      label: t('adminMenu.title'),
      submenu: ADMIN_SCREENS.map((screen) => ({
        label: t(screen.label),
        click: () => actions.openScreen(screen.path),
      })),
    },
    { role: 'windowMenu' },
    {
      role: 'help',
      label: t('menu.help'),
      submenu: [
        { label: t('menu.about', { appName }), click: () => actions.showAbout() },
        { type: 'separator' },
        { label: t('menu.openDataFolder'), click: () => actions.openDataFolder() },
        { label: t('menu.copyWikiAddress'), click: () => actions.copyWikiAddress() },
      ],
    },
  );
  return template;
}
