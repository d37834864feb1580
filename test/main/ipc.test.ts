import { describe, expect, it } from 'vitest';
import { registerDesktopIpc } from '../../src/main/ipc';
import { SERVER_INFO_CHANNEL } from '../../src/shared/desktop-api';
import { createFakeElectron } from './fakes';

const info = {
  url: 'http://127.0.0.1:3000',
  urls: ['http://127.0.0.1:3000', 'http://192.168.1.20:3000'],
  dataDir: '/home/ada/.config/Quire',
};

describe('quire:server-info', () => {
  it('answers frames of the server’s origin', () => {
    const fake = createFakeElectron();
    registerDesktopIpc(fake.ports.ipcMain, info);
    expect(fake.invoke(SERVER_INFO_CHANNEL, 'http://127.0.0.1:3000')).toEqual(info);
  });

  it('refuses any other origin, and frames that are gone', () => {
    const fake = createFakeElectron();
    registerDesktopIpc(fake.ports.ipcMain, info);
    for (const origin of ['https://evil.example', 'http://127.0.0.1:3001', 'http://localhost:3000', 'null']) {
      expect(() => fake.invoke(SERVER_INFO_CHANNEL, origin), origin).toThrow(/only answered/);
    }
    expect(() => fake.invoke(SERVER_INFO_CHANNEL, null)).toThrow(/only answered/);
  });
});
