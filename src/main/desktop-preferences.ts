// The desktop's own choices (issue 16), in `desktop-preferences.json` in the user-data folder: they
// belong to this computer's user, not to the wiki (whose settings are in its database). A missing
// or broken file means the defaults; writes go through a temporary file so a crash never leaves half.
import fs from 'node:fs';
import path from 'node:path';

export interface DesktopPreferences {
  /** The first "Share on LAN" was explained and confirmed. */
  confirmedSharing: boolean;
  /** Closing the window while shared: ask, keep serving in the background, or quit. */
  closeToTray: 'ask' | 'keep-serving' | 'quit';
  startAtLogin: boolean;
}

export const DEFAULT_PREFERENCES: DesktopPreferences = {
  confirmedSharing: false,
  closeToTray: 'ask',
  startAtLogin: false,
};

const FILE = 'desktop-preferences.json';
const CLOSE_CHOICES = ['ask', 'keep-serving', 'quit'] as const;

export class PreferencesStore {
  private current: DesktopPreferences;

  constructor(private readonly dir: string) {
    this.current = this.read();
  }

  get(): DesktopPreferences {
    return { ...this.current };
  }

  update(patch: Partial<DesktopPreferences>): DesktopPreferences {
    this.current = { ...this.current, ...patch };
    const file = path.join(this.dir, FILE);
    try {
      fs.mkdirSync(this.dir, { recursive: true });
      fs.writeFileSync(`${file}.tmp`, `${JSON.stringify(this.current, null, 2)}\n`);
      fs.renameSync(`${file}.tmp`, file);
    } catch {
      // A read-only profile keeps the choice for this run; nothing else depends on the file.
    }
    return this.get();
  }

  private read(): DesktopPreferences {
    let raw: unknown;
    try {
      raw = JSON.parse(fs.readFileSync(path.join(this.dir, FILE), 'utf8'));
    } catch {
      return { ...DEFAULT_PREFERENCES };
    }
    const r = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
    return {
      confirmedSharing: r.confirmedSharing === true,
      closeToTray: CLOSE_CHOICES.includes(r.closeToTray as never)
        ? (r.closeToTray as DesktopPreferences['closeToTray'])
        : 'ask',
      startAtLogin: r.startAtLogin === true,
    };
  }
}
