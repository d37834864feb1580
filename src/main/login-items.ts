// "Start Quire when I log in" (issue 16): Electron's login items on macOS and Windows; on Linux an
// XDG autostart entry (`$XDG_CONFIG_HOME/autostart/quire.desktop`), which desktop environments read
// at log-in. Started that way, Quire opens hidden in the tray (`--start-hidden`) and serves.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const START_HIDDEN_ARG = '--start-hidden';

export interface LoginItemsDeps {
  platform: NodeJS.Platform;
  setLoginItemSettings(settings: { openAtLogin: boolean; args?: string[] }): void;
  env: NodeJS.ProcessEnv;
  /** The executable to start: the AppImage when run from one, else Electron's own. */
  execPath: string;
}

export function autostartFile(env: NodeJS.ProcessEnv): string {
  const config = env.XDG_CONFIG_HOME || path.join(os.homedir(), '.config');
  return path.join(config, 'autostart', 'quire.desktop');
}

/** A desktop entry; the command is quoted as the Desktop Entry spec asks. */
export function desktopEntry(exec: string): string {
  const quoted = `"${exec.replace(/(["`$\\])/g, '\\$1')}"`;
  return [
    '[Desktop Entry]',
    'Type=Application',
    'Name=Quire',
    'Comment=Collaborative Markdown wiki for your team',
    `Exec=${quoted} ${START_HIDDEN_ARG}`,
    'Terminal=false',
    'X-GNOME-Autostart-enabled=true',
    '',
  ].join('\n');
}

export function setStartAtLogin(enabled: boolean, deps: LoginItemsDeps): void {
  if (deps.platform === 'darwin' || deps.platform === 'win32') {
    // macOS 13+ ignores openAsHidden; `wasOpenedAtLogin` is not needed: the args say it (Windows).
    deps.setLoginItemSettings({ openAtLogin: enabled, args: [START_HIDDEN_ARG] });
    return;
  }
  const file = autostartFile(deps.env);
  if (!enabled) {
    fs.rmSync(file, { force: true });
    return;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, desktopEntry(deps.env.APPIMAGE || deps.execPath));
}
