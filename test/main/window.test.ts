import { describe, expect, it } from 'vitest';
import { APP_VERSION_ARG } from '../../src/shared/desktop-api';
import { createMainWindow, decideNavigation, isSafeExternalUrl } from '../../src/main/window';
import { createFakeElectron, FakeBrowserWindow } from './fakes';

const SERVER = 'http://127.0.0.1:3000';

function openWindow() {
  const fake = createFakeElectron();
  const window = createMainWindow(fake.ports, {
    url: `${SERVER}/`,
    preloadPath: '/app/out/preload/index.cjs',
    iconPath: '/app/resources/icon.png',
    appVersion: '1.2.3',
  }) as FakeBrowserWindow;
  return { fake, window };
}

describe('main window', () => {
  it('is isolated and sandboxed, with the preload, and loads the server URL', () => {
    const { window } = openWindow();
    expect(window.options.webPreferences).toMatchObject({
      preload: '/app/out/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
    });
    expect(window.options.webPreferences?.additionalArguments).toEqual([`${APP_VERSION_ARG}1.2.3`]);
    expect(window.options.icon).toBe('/app/resources/icon.png');
    expect(window.loadURL).toHaveBeenCalledWith(`${SERVER}/`);
  });

  it('appears once painted', () => {
    const { window } = openWindow();
    expect(window.options.show).toBe(false);
    window.emit('ready-to-show');
    expect(window.show).toHaveBeenCalled();
  });

  it('stays on the wiki: other sites open in the system browser instead', () => {
    const { fake, window } = openWindow();
    expect(window.webContents.navigate('will-navigate', `${SERVER}/Sandbox/Page`)).toBe(true);
    expect(window.webContents.navigate('will-navigate', 'https://example.com/docs')).toBe(false);
    expect(fake.ports.shell.openExternal).toHaveBeenCalledWith('https://example.com/docs');
  });

  it('blocks dangerous schemes without handing them to the OS', () => {
    const { fake, window } = openWindow();
    for (const url of ['file:///etc/passwd', 'javascript:alert(1)', 'smb://server/share']) {
      expect(window.webContents.navigate('will-navigate', url)).toBe(false);
    }
    // Another port on the same host is another origin.
    expect(window.webContents.navigate('will-navigate', 'http://127.0.0.1:3001/')).toBe(false);
    expect(fake.ports.shell.openExternal).toHaveBeenCalledTimes(1);
    expect(fake.ports.shell.openExternal).toHaveBeenCalledWith('http://127.0.0.1:3001/');
  });

  it('refuses redirects to other origins', () => {
    const { window } = openWindow();
    expect(window.webContents.navigate('will-redirect', `${SERVER}/login`)).toBe(true);
    expect(window.webContents.navigate('will-redirect', 'https://evil.example/')).toBe(false);
  });

  it('new windows: other origins go to the system browser; the wiki’s own get the same guard', () => {
    const { fake, window } = openWindow();
    const handler = window.webContents.windowOpenHandler;
    expect(handler?.({ url: 'https://example.com/' })).toEqual({ action: 'deny' });
    expect(fake.ports.shell.openExternal).toHaveBeenCalledWith('https://example.com/');

    const same = handler?.({ url: `${SERVER}/Other` });
    expect(same?.action).toBe('allow');
    expect(same?.overrideBrowserWindowOptions?.webPreferences).toMatchObject({
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
    });
    const child = new FakeBrowserWindow({});
    window.webContents.emit('did-create-window', child);
    expect(child.webContents.navigate('will-navigate', 'https://example.com/')).toBe(false);
  });

  it('grants permissions to the wiki’s origin only', () => {
    const { window } = openWindow();
    const answers: boolean[] = [];
    const request = window.webContents.permissionRequestHandler;
    request?.(null, 'notifications', (granted) => answers.push(granted), { requestingUrl: `${SERVER}/x` });
    request?.(null, 'notifications', (granted) => answers.push(granted), {
      requestingUrl: 'https://ads.example/',
    });
    expect(answers).toEqual([true, false]);
    const check = window.webContents.permissionCheckHandler;
    expect(check?.(null, 'clipboard-sanitized-write', SERVER)).toBe(true);
    expect(check?.(null, 'clipboard-sanitized-write', 'https://ads.example')).toBe(false);
  });
});

describe('navigation rules', () => {
  it('decides by origin and scheme', () => {
    expect(decideNavigation(`${SERVER}/a?b#c`, SERVER)).toBe('allow');
    expect(decideNavigation('https://example.com', SERVER)).toBe('open-external');
    expect(decideNavigation('mailto:ada@example.com', SERVER)).toBe('open-external');
    expect(decideNavigation('not a url', SERVER)).toBe('block');
    expect(isSafeExternalUrl('ftp://example.com')).toBe(false);
  });
});
