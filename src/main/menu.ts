// The application menu, as a pure template builder so tests can walk it. Rule: every item does
// something real. Admin screens and archive import/export arrive with their own issues, and their
// menu items with them — no placeholders until then.
// Labels are English for now: the main process does not load the i18n resources yet; role items
// get the operating system's own wording.
import type { MenuItemConstructorOptions } from 'electron';

export interface MenuActions {
  showAbout(): void;
  openDataFolder(): void;
  copyWikiAddress(): void;
}

export interface MenuOptions {
  platform: NodeJS.Platform;
  appName: string;
  actions: MenuActions;
}

export function buildMenuTemplate({ platform, appName, actions }: MenuOptions): MenuItemConstructorOptions[] {
  const template: MenuItemConstructorOptions[] = [];
  // macOS: the app menu (About, Services, Hide, Quit); elsewhere File holds Quit.
  if (platform === 'darwin') template.push({ role: 'appMenu', label: appName });
  template.push(
    { role: 'fileMenu' },
    { role: 'editMenu' },
    {
      label: 'View',
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
      label: 'Help',
      submenu: [
        { label: `About ${appName}`, click: () => actions.showAbout() },
        { type: 'separator' },
        { label: 'Open Data Folder', click: () => actions.openDataFolder() },
        { label: 'Copy Wiki Address', click: () => actions.copyWikiAddress() },
      ],
    },
  );
  return template;
}
