// One place attachment files can live (this machine's folder, inside quire.db, an S3-compatible
// bucket, Google Cloud Storage) as one folder: its settings, their checks, how it is built, and
// what the admin screen shows of it. The list in backends/index.ts is the only other place a new
// backend touches.
import type { Database } from 'better-sqlite3';
import type { SettingsService } from '../../settings/service';
import type {
  FileUploadSettingsUpdate,
  FileUploadSettingsView,
  FileUploadType,
} from '../../../../shared/file-storage-types';
import type { AttachmentStorage } from '../types';

/** What every backend may be built from. */
export interface BackendEnv {
  settings: SettingsService;
  sqlite: Database;
  dataDir: string;
  /** QUIRE_GCS_API_ENDPOINT: an emulator or a test's stand-in; '' means Google. */
  gcsApiEndpoint: string;
}

export interface StorageBackend<Config = unknown> {
  type: FileUploadType;
  /** Its settings as stored now. */
  configOf(env: BackendEnv): Config;
  /** Its settings as an update would leave them (fields left out keep their stored value). */
  configAfter(env: BackendEnv, input: FileUploadSettingsUpdate): Config;
  /** SPEC §5's rules on its fields; `required`: the update chooses it, so every field is needed. */
  check(config: Config, required: boolean): void;
  /** A backend for these settings (a connection test uses one not yet saved). */
  create(config: Config, env: BackendEnv): AttachmentStorage;
  /** Writes its settings; the delivery choice comes from the update as sent. */
  save(settings: SettingsService, config: Config, input: FileUploadSettingsUpdate): void;
  /** Files stream through Quire (true), or browsers are redirected to a signed URL. */
  isRelay(settings: SettingsService): boolean;
  /** Where its files are (bucket, prefix): it cannot change while the backend is in use. */
  location(config: Config): string;
  /** Needs a connection test before an admin may save or choose it (remote backends). */
  probed: boolean;
  /** A secret to keep out of a failed test's message. */
  secretOf(config: Config): string;
  /** Its part of the admin screen's view (secrets only said to be set). */
  view(settings: SettingsService): Partial<FileUploadSettingsView>;
}

/** A backend with no settings of its own (this machine's folder, the database): always relayed. */
export const WITHOUT_SETTINGS = {
  configOf: () => null,
  configAfter: () => null,
  check: () => undefined,
  save: () => undefined,
  isRelay: () => true,
  location: () => '',
  probed: false,
  secretOf: () => '',
  view: () => ({}),
} satisfies Omit<StorageBackend<null>, 'type' | 'create'>;

/** Type-checks a backend where it is written; the list holds them without their config type. */
export const defineBackend = <Config>(backend: StorageBackend<Config>) => backend as StorageBackend;
