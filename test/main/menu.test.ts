import { describe, expect, it, vi } from 'vitest';
import type { MenuItemConstructorOptions } from 'electron';
import { desktopTranslator } from '../../src/main/i18n';
import { buildMenuTemplate } from '../../src/main/menu';

const t = desktopTranslator('en-US');

function actions() {
  return {
    showAbout: vi.fn(),
    openDataFolder: vi.fn(),
    copyWikiAddress: vi.fn(),
    openScreen: vi.fn(),
    exportArchive: vi.fn(),
    importArchive: vi.fn(),
    exportMarkdown: vi.fn(),
    importMarkdown: vi.fn(),
    setShared: vi.fn(),
    backUpNow: vi.fn(),
    restoreBackup: vi.fn(),
    setStartAtLogin: vi.fn(),
  };
}

function leaves(items: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return items.flatMap((item) =>
    Array.isArray(item.submenu) ? leaves(item.submenu) : item.submenu ? [] : [item],
  );
}

function topLabels(template: MenuItemConstructorOptions[]): string[] {
  return template.map((item) => item.label ?? item.role ?? '?');
}

function helpItems(template: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  const help = template.find((item) => item.role === 'help');
  return Array.isArray(help?.submenu) ? help.submenu : [];
}

describe('application menu', () => {
  it('has File, Edit, View, Window and Help on Linux and Windows, without a macOS app menu', () => {
    for (const platform of ['linux', 'win32'] as const) {
      const template = buildMenuTemplate({ platform, appName: 'Quire', actions: actions(), t });
      expect(topLabels(template)).toEqual(['File', 'editMenu', 'View', 'Admin', 'windowMenu', 'Help']);
    }
  });

  it('starts with the app menu on macOS', () => {
    const template = buildMenuTemplate({ platform: 'darwin', appName: 'Quire', actions: actions(), t });
    expect(template[0]).toMatchObject({ role: 'appMenu', label: 'Quire' });
    expect(topLabels(template).slice(1)).toEqual(['File', 'editMenu', 'View', 'Admin', 'windowMenu', 'Help']);
  });

  it('offers the standard View commands', () => {
    const template = buildMenuTemplate({ platform: 'linux', appName: 'Quire', actions: actions(), t });
    const view = template.find((item) => item.label === 'View');
    const roles = Array.isArray(view?.submenu) ? view.submenu.map((item) => item.role).filter(Boolean) : [];
    expect(roles).toEqual([
      'reload',
      'forceReload',
      'toggleDevTools',
      'resetZoom',
      'zoomIn',
      'zoomOut',
      'togglefullscreen',
    ]);
  });

  it('has no item that does nothing: every leaf has a role or a click (separators aside)', () => {
    for (const platform of ['linux', 'win32', 'darwin'] as const) {
      const template = buildMenuTemplate({ platform, appName: 'Quire', actions: actions(), t });
      for (const item of leaves(template)) {
        if (item.type === 'separator') continue;
        expect(Boolean(item.role) || typeof item.click === 'function', JSON.stringify(item)).toBe(true);
      }
    }
  });

  it('Help items call their actions', () => {
    const acts = actions();
    const template = buildMenuTemplate({ platform: 'linux', appName: 'Quire', actions: acts, t });
    const byLabel = new Map(helpItems(template).map((item) => [item.label, item]));
    expect([...byLabel.keys()].filter(Boolean)).toEqual([
      'About Quire',
      'Open Data Folder',
      'Copy Wiki Address',
    ]);

    const click = (label: string) => (byLabel.get(label)?.click as (() => void) | undefined)?.call(undefined);
    click('About Quire');
    expect(acts.showAbout).toHaveBeenCalledOnce();
    click('Open Data Folder');
    expect(acts.openDataFolder).toHaveBeenCalledOnce();
    click('Copy Wiki Address');
    expect(acts.copyWikiAddress).toHaveBeenCalledOnce();
  });

  it('Admin opens the users, groups, security, search, Markdown, share link, backup and sharing screens in the window', () => {
    const acts = actions();
    const template = buildMenuTemplate({ platform: 'linux', appName: 'Quire', actions: acts, t });
    const admin = template.find((item) => item.label === 'Admin');
    const items = Array.isArray(admin?.submenu) ? admin.submenu : [];
    expect(items.map((item) => item.label)).toEqual([
      'Users',
      'User Groups',
      'Security',
      'Full-Text Search',
      'Markdown',
      'Share Links',
      'Export Archive',
      'Import Data',
      'Backups',
      'Sharing',
    ]);
    for (const item of items) (item.click as () => void)();
    expect(acts.openScreen.mock.calls).toEqual([
      ['/admin/users'],
      ['/admin/user-groups'],
      ['/admin/security'],
      ['/admin/search'],
      ['/admin/markdown'],
      ['/admin/share-links'],
      ['/admin/export'],
      ['/admin/importer'],
      ['/admin/backups'],
      ['/admin/sharing'],
    ]);
  });

  it('File holds the archive and Markdown items, Share on LAN, Back Up Now, Restore and Start at login, then Quit (Close on macOS)', () => {
    for (const [platform, last] of [
      ['linux', 'quit'],
      ['darwin', 'close'],
    ] as const) {
      const acts = actions();
      const template = buildMenuTemplate({ platform, appName: 'Quire', actions: acts, t });
      const file = template.find((item) => item.label === 'File');
      const items = Array.isArray(file?.submenu) ? file.submenu : [];
      expect(items.map((item) => item.label ?? item.type ?? item.role)).toEqual([
        'Export Archive…',
        'Import Archive…',
        'Export Markdown…',
        'Import Markdown…',
        'separator',
        'Share on LAN',
        'Back Up Now',
        'Restore from Backup…',
        'Start Quire When I Log In',
        'separator',
        last,
      ]);
      (items[0]?.click as () => void)();
      (items[1]?.click as () => void)();
      (items[2]?.click as () => void)();
      (items[3]?.click as () => void)();
      (items[7]?.click as () => void)();
      expect(acts.exportArchive).toHaveBeenCalledOnce();
      expect(acts.importArchive).toHaveBeenCalledOnce();
      expect(acts.exportMarkdown).toHaveBeenCalledOnce();
      expect(acts.importMarkdown).toHaveBeenCalledOnce();
      expect(acts.restoreBackup).toHaveBeenCalledOnce();
    }
  });

  it('labels its own items in the OS language, falling back to English', () => {
    const cases = [
      [
        'ja',
        'ファイル',
        '表示',
        '管理',
        'ヘルプ',
        ['Quire について', 'データフォルダーを開く', 'Wiki のアドレスをコピー'],
      ],
      ['zh-CN', '文件', '视图', '管理', '帮助', ['关于 Quire', '打开数据文件夹', '复制 Wiki 地址']],
      ['fr', 'File', 'View', 'Admin', 'Help', ['About Quire', 'Open Data Folder', 'Copy Wiki Address']],
    ] as const;
    for (const [locale, file, view, admin, help, items] of cases) {
      const template = buildMenuTemplate({
        platform: 'linux',
        appName: 'Quire',
        actions: actions(),
        t: desktopTranslator(locale),
      });
      expect(topLabels(template)).toEqual([file, 'editMenu', view, admin, 'windowMenu', help]);
      expect(
        helpItems(template)
          .map((item) => item.label)
          .filter(Boolean),
      ).toEqual(items);
    }
  });
});
