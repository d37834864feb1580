// The application menu, as a pure template builder so tests can walk it. Rule: every item does
// something real. Admin screens and archive import/export arrive with their own issues, and their
// menu items with them — no placeholders until then. Role items get the operating system's own
// wording; the others come from `t` (desktop.json), in the same language.
import type { MenuItemConstructorOptions } from 'electron';
import type { Translate } from './i18n';

export interface MenuActions {
  showAbout(): void;
  openDataFolder(): void;
  copyWikiAddress(): void;
}

export interface MenuOptions {
  platform: NodeJS.Platform;
  appName: string;
  actions: MenuActions;
  t: Translate;
}

export function buildMenuTemplate({
  platform,
  appName,
  actions,
  t,
}: MenuOptions): MenuItemConstructorOptions[] {
  const template: MenuItemConstructorOptions[] = [];
  // macOS: the app menu (About, Services, Hide, Quit); elsewhere File holds Quit.
  if (platform === 'darwin') template.push({ role: 'appMenu', label: appName });
  template.push(
    { role: 'fileMenu' },
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
