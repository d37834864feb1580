// Which port and host the embedded server gets, and the one retry when the port is taken.
//
// Port policy: QUIRE_PORT, when set, is the host's explicit choice (colleagues may have bookmarked
// it), so a taken port is reported, not silently changed. Without it Quire uses 3000 — also the
// favourite port of development servers — and if that is taken it retries once on a free port
// chosen by the OS (port 0): the window does not care, and "Copy wiki address" copies the real one.
// Host: the server's own Share on LAN switch (loopback while off) unless QUIRE_HOST fixes one.
import type { Translate } from './i18n';
import { ServerStartError, startServerProcess } from './server-process';
import type { ServerProcess, StartServerOptions } from './server-process';

export const DEFAULT_PORT = 3000;

export interface ServerSettings {
  port: number;
  /** QUIRE_HOST, or null: the server's Share on LAN setting decides. */
  host: string | null;
  /** True when the port came from QUIRE_PORT: then it is never replaced by another. */
  portIsExplicit: boolean;
}

export class ServerSettingsError extends Error {
  constructor(readonly value: string) {
    super(`QUIRE_PORT must be a port number from 0 to 65535, not "${value}".`);
  }
}

export function resolveServerSettings(env: NodeJS.ProcessEnv): ServerSettings {
  const host = env.QUIRE_HOST || null;
  const raw = env.QUIRE_PORT;
  if (!raw) return { port: DEFAULT_PORT, host, portIsExplicit: false };
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ServerSettingsError(raw);
  }
  return { port, host, portIsExplicit: true };
}

/**
 * The server CLI's arguments; flags beat the QUIRE_* variables the child also inherits. No `--host`
 * unless QUIRE_HOST chose one: the server listens where its Share on LAN switch says. `--announce`:
 * the desktop's Share switch is the explicit choice to announce the wiki on the network.
 */
export function serverArgs(dataDir: string, port: number, host: string | null): string[] {
  return ['--data-dir', dataDir, '--port', String(port), ...(host ? ['--host', host] : []), '--announce'];
}

export interface LaunchOptions extends Omit<StartServerOptions, 'args'> {
  dataDir: string;
  settings: ServerSettings;
  /** More arguments: `--restore-from FILE` when the user chose to restore a backup (issue 26). */
  extraArgs?: string[];
}

export async function launchServer(options: LaunchOptions): Promise<ServerProcess> {
  const { dataDir, settings, extraArgs = [], ...start } = options;
  const args = (port: number) => [...serverArgs(dataDir, port, settings.host), ...extraArgs];
  try {
    return await startServerProcess({ ...start, args: args(settings.port) });
  } catch (err) {
    const retry = err instanceof ServerStartError && err.portInUse && !settings.portIsExplicit;
    if (!retry) throw err;
    return startServerProcess({ ...start, args: args(0) });
  }
}

/** Why the server did not start, in the user's language. */
function startFailureReason(err: ServerStartError, t: Translate): string {
  const { seconds, code, error } = err.details;
  if (error) return error; // The OS's own words (e.g. spawn ENOENT): nothing to translate.
  if (err.failure === 'timeout') return t('startFailed.timeout', { seconds });
  if (err.failure === 'aborted') return t('startFailed.aborted');
  return t('startFailed.exited', { code: code ?? t('unknownExitCode') });
}

/** A message for the error dialog: what happened, what to do, and the server's last words. */
export function describeStartFailure(err: unknown, settings: ServerSettings | null, t: Translate): string {
  if (err instanceof ServerSettingsError) return t('startFailed.badPort', { value: err.value });
  if (!(err instanceof ServerStartError)) return err instanceof Error ? err.message : String(err);
  const lines: string[] = [];
  if (err.portInUse && settings) {
    lines.push(t('startFailed.portInUse', { port: settings.port }), t('startFailed.portInUseHint'));
  } else {
    lines.push(t('startFailed.serverFailed', { reason: startFailureReason(err, t) }));
  }
  const tail = lastLines(err.output, 12);
  if (tail) lines.push('', tail);
  return lines.join('\n');
}

export function lastLines(text: string, count: number): string {
  return text.trimEnd().split('\n').slice(-count).join('\n');
}
