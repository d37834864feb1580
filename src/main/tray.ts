// The tray (notification area) menu and tooltip (issue 16), as pure builders so tests can walk them:
// Open Quire, Share on LAN ✓, Copy address, Show QR code, Back up now, Quit. The tooltip says the
// address colleagues use, or that the wiki is not shared.
import type { MenuItemConstructorOptions } from 'electron';
import type { SharingState } from '../shared/sharing';
import type { Translate } from './i18n';

export interface TrayActions {
  openWindow(): void;
  setShared(shared: boolean): void;
  copyAddress(): void;
  showQrCode(): void;
  backUpNow(): void;
  quit(): void;
}

export function trayTooltip(state: SharingState | null, t: Translate): string {
  if (state?.shared) return t('sharing.tooltipShared', { url: state.preferredUrl });
  return t('sharing.tooltipNotShared');
}

export function buildTrayTemplate(
  state: SharingState | null,
  t: Translate,
  actions: TrayActions,
): MenuItemConstructorOptions[] {
  return [
    { label: t('sharing.openQuire'), click: () => actions.openWindow() },
    { type: 'separator' },
    {
      label: t('sharing.shareOnLan'),
      type: 'checkbox',
      checked: state?.shared ?? false,
      // Unknown yet, or fixed by QUIRE_HOST: the switch cannot change it.
      enabled: state !== null && !state.fixed,
      click: (item) => actions.setShared(item.checked),
    },
    { label: t('sharing.copyAddress'), enabled: state?.shared ?? false, click: () => actions.copyAddress() },
    { label: t('sharing.showQr'), enabled: state?.shared ?? false, click: () => actions.showQrCode() },
    { type: 'separator' },
    { label: t('sharing.backUpNow'), click: () => actions.backUpNow() },
    { type: 'separator' },
    { label: t('sharing.quit'), click: () => actions.quit() },
  ];
}

/** Colleagues still connected: every browser but this desktop's own window, and who is signed in. */
export function othersConnected(
  state: SharingState,
  windowOpen: boolean,
): { count: number; names: string[] } {
  const count = Math.max(0, state.browsers - (windowOpen ? 1 : 0));
  return { count, names: state.users.map((u) => u.name || u.username) };
}
