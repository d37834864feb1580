// Server configuration: defaults < environment variables (QUIRE_*) < command-line flags.
// `npm run serve -- --data-dir DIR --port N --host H --announce`.
// Settings stored in the database (admin screens) sit between the defaults and the environment;
// they are read by the modules that own them through the settings service.
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { ArchiveLimits } from './lib/zip-guard';
import type { MarkdownImportLimits } from './modules/markdown-io/import-stage';

export interface ServerConfig {
  /** Where quire.db, attachments/, backups/ and logs/ live. */
  dataDir: string;
  /** The address while not shared (loopback), or the one `--host`/QUIRE_HOST fixed. */
  host: string;
  /** `--host` or QUIRE_HOST chose the address: the Share on LAN switch cannot move it. */
  hostIsExplicit: boolean;
  /**
   * Where Share on LAN listens: every interface (IPv6 and IPv4). QUIRE_SHARE_HOST takes a
   * comma-separated list: tests "share" on 127.0.0.2, or on 127.0.0.1,127.0.0.2 to keep the window's.
   */
  shareHosts: string[];
  /** `--announce`: while shared, announce the wiki over mDNS (the desktop app always asks). */
  announce: boolean;
  /** QUIRE_DISCOVERY=off: never announce, whatever asked for it (tests and CI). */
  discoveryOff: boolean;
  port: number;
  /** Built renderer files served to browsers; null when serving the API only. */
  rendererDir: string | null;
  /** Session cookie max age in ms (SPEC §9 default: 30 days); takes effect at start. */
  sessionMaxAge: number;
  /** Requests slower than this are logged as a warning. */
  slowRequestMs: number;
  /** pino level; 'silent' in tests. */
  logLevel: string;
  /** Also write logs to `<dataDir>/logs/quire.log`. */
  logToFile: boolean;
  /** Upload size limit in bytes from QUIRE_MAX_FILE_SIZE; null: the admin setting decides. */
  maxFileSize: number | null;
  /** Wikis with at least this many pages build their search index in a worker thread. */
  searchWorkerMinPages: number;
  /** Archive upload and zip limits (issue 11); unset ones keep DEFAULT_ARCHIVE_LIMITS. */
  archiveLimits?: Partial<ArchiveLimits>;
  /** Markdown import limits (issue 12); unset ones keep DEFAULT_MARKDOWN_IMPORT_LIMITS. */
  markdownImportLimits?: Partial<MarkdownImportLimits>;
  /** One server answering Google's OAuth paths in place of Google (a stand-in, a proxy); '' = Google. */
  googleOAuthBase: string;
  /** Where Slack's Web API is (QUIRE_SLACK_API_URL): tests and proxies; empty means Slack itself. */
  slackApiUrl: string;
  /** Where Google Cloud Storage's JSON API is (QUIRE_GCS_API_ENDPOINT): emulators, tests; '' = Google. */
  gcsApiEndpoint: string;
  /** First retry delay of a failed notification delivery (doubling after each failure). */
  notificationRetryBaseMs: number;
}

export const DEFAULT_PORT = 3000;
export const DEFAULT_HOST = '127.0.0.1';
/** Dual-stack: every IPv6 and IPv4 address of the machine. */
export const DEFAULT_SHARE_HOST = '::';
export const DEFAULT_SESSION_MAX_AGE = 2_592_000_000;
/** Below this many pages an index build takes a second or two: not worth a worker thread. */
export const DEFAULT_SEARCH_WORKER_MIN_PAGES = 2000;

export function defaultDataDir(): string {
  return path.join(os.homedir(), '.quire');
}

export function defaultConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return {
    dataDir: defaultDataDir(),
    host: DEFAULT_HOST,
    hostIsExplicit: false,
    shareHosts: [DEFAULT_SHARE_HOST],
    announce: false,
    discoveryOff: false,
    port: DEFAULT_PORT,
    rendererDir: null,
    sessionMaxAge: DEFAULT_SESSION_MAX_AGE,
    slowRequestMs: 1000,
    logLevel: 'info',
    logToFile: true,
    maxFileSize: null,
    searchWorkerMinPages: DEFAULT_SEARCH_WORKER_MIN_PAGES,
    notificationRetryBaseMs: 5_000,
    googleOAuthBase: '',
    slackApiUrl: '',
    gcsApiEndpoint: '',
    ...overrides,
  };
}

export class ConfigError extends Error {}

function parsePort(value: string, source: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`${source} must be a port number from 0 to 65535, not "${value}"`);
  }
  return port;
}

function parsePositive(value: string, source: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0)
    throw new ConfigError(`${source} must be a positive number, not "${value}"`);
  return n;
}

/** Reads the environment and the command line (`--data-dir DIR --port N --host H`). */
export function resolveConfig(
  argv: string[],
  env: NodeJS.ProcessEnv,
  base: Partial<ServerConfig> = {},
): ServerConfig {
  const { values } = parseArgs({
    args: argv,
    options: {
      'data-dir': { type: 'string' },
      port: { type: 'string' },
      host: { type: 'string' },
      'renderer-dir': { type: 'string' },
      'log-level': { type: 'string' },
      announce: { type: 'boolean' },
    },
    strict: true,
  });
  const config = defaultConfig(base);
  if (env.QUIRE_DATA_DIR) config.dataDir = env.QUIRE_DATA_DIR;
  if (env.QUIRE_PORT) config.port = parsePort(env.QUIRE_PORT, 'QUIRE_PORT');
  if (env.QUIRE_HOST) config.host = env.QUIRE_HOST;
  if (env.QUIRE_SHARE_HOST) {
    config.shareHosts = env.QUIRE_SHARE_HOST.split(',')
      .map((host) => host.trim())
      .filter(Boolean);
  }
  if (env.QUIRE_DISCOVERY) {
    if (!['on', 'off'].includes(env.QUIRE_DISCOVERY)) {
      throw new ConfigError(`QUIRE_DISCOVERY must be "on" or "off", not "${env.QUIRE_DISCOVERY}"`);
    }
    config.discoveryOff = env.QUIRE_DISCOVERY === 'off';
  }
  if (env.QUIRE_RENDERER_DIR) config.rendererDir = env.QUIRE_RENDERER_DIR;
  if (env.QUIRE_LOG_LEVEL) config.logLevel = env.QUIRE_LOG_LEVEL;
  if (env.QUIRE_SESSION_MAX_AGE) {
    config.sessionMaxAge = parsePositive(env.QUIRE_SESSION_MAX_AGE, 'QUIRE_SESSION_MAX_AGE');
  }
  if (env.QUIRE_SLOW_REQUEST_MS) {
    config.slowRequestMs = parsePositive(env.QUIRE_SLOW_REQUEST_MS, 'QUIRE_SLOW_REQUEST_MS');
  }
  if (env.QUIRE_ARCHIVE_MAX_UPLOAD) {
    const maxUpload = Math.floor(parsePositive(env.QUIRE_ARCHIVE_MAX_UPLOAD, 'QUIRE_ARCHIVE_MAX_UPLOAD'));
    config.archiveLimits = { ...config.archiveLimits, maxUpload };
    config.markdownImportLimits = { ...config.markdownImportLimits, maxUpload };
  }
  if (env.QUIRE_GCS_API_ENDPOINT) config.gcsApiEndpoint = env.QUIRE_GCS_API_ENDPOINT.replace(/\/+$/, '');
  if (env.QUIRE_SLACK_API_URL) config.slackApiUrl = env.QUIRE_SLACK_API_URL.replace(/\/*$/, '/');
  if (env.QUIRE_GOOGLE_OAUTH_BASE) config.googleOAuthBase = env.QUIRE_GOOGLE_OAUTH_BASE.replace(/\/+$/, '');
  if (env.QUIRE_MAX_FILE_SIZE) {
    config.maxFileSize = Math.floor(parsePositive(env.QUIRE_MAX_FILE_SIZE, 'QUIRE_MAX_FILE_SIZE'));
  }
  if (env.QUIRE_SEARCH_WORKER_MIN_PAGES) {
    const n = Number(env.QUIRE_SEARCH_WORKER_MIN_PAGES);
    if (!Number.isInteger(n) || n < 0) {
      throw new ConfigError(
        `QUIRE_SEARCH_WORKER_MIN_PAGES must be a whole number of pages, not "${env.QUIRE_SEARCH_WORKER_MIN_PAGES}"`,
      );
    }
    config.searchWorkerMinPages = n;
  }
  if (env.QUIRE_NOTIFY_RETRY_MS) {
    config.notificationRetryBaseMs = parsePositive(env.QUIRE_NOTIFY_RETRY_MS, 'QUIRE_NOTIFY_RETRY_MS');
  }
  if (values['data-dir']) config.dataDir = values['data-dir'];
  if (values.port) config.port = parsePort(values.port, '--port');
  if (values.host) config.host = values.host;
  if (values.announce) config.announce = true;
  config.hostIsExplicit = Boolean(values.host || env.QUIRE_HOST || base.hostIsExplicit);
  if (values['renderer-dir']) config.rendererDir = values['renderer-dir'];
  if (values['log-level']) config.logLevel = values['log-level'];
  config.dataDir = path.resolve(config.dataDir);
  return config;
}
