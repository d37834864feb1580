// Share on LAN from the desktop (issue 16): the switch in the File menu and the tray, its first-time
// confirmation, Copy address, Show QR code, Back up now, and the two questions of the app's life
// while shared: closing the window (keep serving in the tray?) and quitting with people connected.
// The state comes from the server child over the control channel and follows every switch.
import type { MessageBoxOptions } from 'electron';
import type { SharingState } from '../shared/sharing';
import type {
  BrowserWindowPort,
  ClipboardPort,
  DialogPort,
  MessageBoxAnswer,
  NativeImagePort,
} from './electron-ports';
import type { Translate } from './i18n';
import type { PreferencesStore } from './desktop-preferences';
import { ChannelError, type SharingChannel } from './sharing-channel';
import { othersConnected } from './tray';

export interface DesktopSharingDeps {
  channel: SharingChannel;
  dialog: DialogPort;
  clipboard: ClipboardPort;
  nativeImage: NativeImagePort;
  preferences: PreferencesStore;
  t: Translate;
  /** The open window, if any (dialogs are modal to it). */
  window: () => BrowserWindowPort | null;
  /** The address the window uses, for Copy address while not shared. */
  localUrl: string;
  /** Back up now: through the window's session (an admin's), see archive-menu.ts. */
  backUpNow: () => Promise<string>;
  /** How long quitting waits for the server to say who is connected. */
  quitAskTimeoutMs?: number;
}

export class DesktopSharing {
  private current: SharingState | null = null;
  private readonly listeners = new Set<(state: SharingState | null) => void>();

  constructor(private readonly deps: DesktopSharingDeps) {
    deps.channel.onChanged((state) => this.update(state));
  }

  get state(): SharingState | null {
    return this.current;
  }

  /** Menus and the tray redraw on every change. */
  onChange(listener: (state: SharingState | null) => void): void {
    this.listeners.add(listener);
  }

  async refresh(): Promise<void> {
    try {
      this.update(await this.deps.channel.get());
    } catch {
      // The server is restarting or gone: the menus keep what they showed.
    }
  }

  /** The switch: turning it on the first time explains what it means and asks. */
  async setShared(shared: boolean): Promise<void> {
    const { t, preferences } = this.deps;
    if (shared && !preferences.get().confirmedSharing) {
      const answer = await this.ask({
        type: 'warning',
        title: t('sharing.confirmTitle'),
        message: t('sharing.confirmMessage'),
        detail: t('sharing.confirmDetail'),
        buttons: [t('sharing.cancel'), t('sharing.shareOnLan')],
        defaultId: 1,
        cancelId: 0,
      });
      if (answer.response !== 1) {
        this.update(this.current); // The menu's checkbox flipped itself: put it back.
        return;
      }
      preferences.update({ confirmedSharing: true });
    }
    try {
      this.update(await this.deps.channel.set(shared));
    } catch (err) {
      this.update(this.current);
      this.deps.dialog.showErrorBox(t('sharing.failedTitle'), this.describe(err));
    }
  }

  copyAddress(): void {
    this.deps.clipboard.writeText(this.current?.shared ? this.current.preferredUrl : this.deps.localUrl);
  }

  async showQrCode(): Promise<void> {
    const { t } = this.deps;
    try {
      const { state, qrDataUrl } = await this.deps.channel.qr();
      this.update(state);
      await this.ask({
        title: t('sharing.qrTitle'),
        message: state.preferredUrl,
        detail: t('sharing.qrDetail'),
        icon: this.deps.nativeImage.createFromDataURL(qrDataUrl) as MessageBoxOptions['icon'],
        buttons: [t('sharing.close')],
      });
    } catch (err) {
      this.deps.dialog.showErrorBox(t('sharing.failedTitle'), this.describe(err));
    }
  }

  async backUpNow(): Promise<void> {
    const { t } = this.deps;
    try {
      const name = await this.deps.backUpNow();
      await this.ask({
        type: 'info',
        message: t('sharing.backupDone', { name }),
        buttons: [t('sharing.close')],
      });
    } catch (err) {
      this.deps.dialog.showErrorBox(t('sharing.backupFailed'), (err as Error).message);
    }
  }

  /**
   * The last window closed: true when the app should quit. Not shared: quit. Shared: what the
   * user chose before, or ask once (with "remember").
   */
  async quitWhenWindowsClosed(): Promise<boolean> {
    if (!this.current?.shared) return true;
    const { t, preferences } = this.deps;
    const choice = preferences.get().closeToTray;
    if (choice !== 'ask') return choice === 'quit';
    const answer = await this.ask({
      type: 'question',
      title: t('sharing.closeTitle'),
      message: t('sharing.closeMessage'),
      detail: t('sharing.closeDetail'),
      buttons: [t('sharing.keepServing'), t('sharing.quitNow')],
      defaultId: 0,
      cancelId: 0,
      checkboxLabel: t('sharing.remember'),
      checkboxChecked: true,
    });
    const quit = answer.response === 1;
    if (answer.checkboxChecked) preferences.update({ closeToTray: quit ? 'quit' : 'keep-serving' });
    return quit;
  }

  /** Quitting with colleagues connected says how many and asks; true: go on and quit. */
  async confirmQuit(windowOpen: boolean): Promise<boolean> {
    // Not shared: nobody else can be connected.
    if (!this.current?.shared) return true;
    let state: SharingState;
    try {
      state = await this.deps.channel.get(this.deps.quitAskTimeoutMs ?? 2_000);
    } catch {
      return true; // A server that cannot answer must not keep the app from quitting.
    }
    const { count, names } = othersConnected(state, windowOpen);
    if (count === 0) return true;
    const { t } = this.deps;
    const answer = await this.ask({
      type: 'warning',
      title: t('sharing.quitTitle'),
      message: t('sharing.quitMessage', { count }),
      detail: names.length
        ? t('sharing.quitDetail', { names: names.join(', ') })
        : t('sharing.quitDetailNobody'),
      buttons: [t('sharing.cancel'), t('sharing.quitAnyway')],
      defaultId: 0,
      cancelId: 0,
    });
    return answer.response === 1;
  }

  /** The server's own (translated) words, or the channel's failure in ours. */
  private describe(err: unknown): string {
    if (err instanceof ChannelError)
      return this.deps.t(`sharing.channel${err.kind === 'stopped' ? 'Stopped' : 'Timeout'}`);
    return err instanceof Error ? err.message : String(err);
  }

  private update(state: SharingState | null): void {
    this.current = state;
    for (const listener of this.listeners) listener(state);
  }

  private ask(options: MessageBoxOptions): Promise<MessageBoxAnswer> {
    const parent = this.deps.window();
    return parent
      ? this.deps.dialog.showMessageBox(parent, options)
      : this.deps.dialog.showMessageBox(options);
  }
}
