// The backends built from their settings, and the one in use. `ActiveStorage` is what every
// attachment path holds: each call goes to the backend the settings name now, so a finished move
// switches them all at once. Each backend is a folder under backends/.
import type { Database } from 'better-sqlite3';
import type { Readable } from 'node:stream';
import type { SettingsService } from '../settings/service';
import type { FileUploadType } from '../../../shared/file-storage-types';
import type { BackendEnv } from './backends/backend';
import { backendOf } from './backends';
import type { AttachmentStorage, SignedUrlOptions, StoredFile } from './types';

export class StorageRegistry {
  readonly env: BackendEnv;
  /** One backend per type, built again when its settings change. */
  private readonly built = new Map<FileUploadType, { signature: string; storage: AttachmentStorage }>();

  constructor(
    private readonly settings: SettingsService,
    sqlite: Database,
    dataDir: string,
    /** QUIRE_GCS_API_ENDPOINT: an emulator or a test's stand-in; '' means Google. */
    gcsApiEndpoint = '',
  ) {
    this.env = { settings, sqlite, dataDir, gcsApiEndpoint };
  }

  backend(type: FileUploadType): AttachmentStorage {
    const definition = backendOf(type);
    const config = definition.configOf(this.env);
    const signature = JSON.stringify(config);
    const built = this.built.get(type);
    if (built?.signature === signature) return built.storage;
    const storage = this.build(type, config);
    this.built.set(type, { signature, storage });
    return storage;
  }

  /** A backend of `type` for these settings (a connection test uses one not yet saved). */
  build(type: FileUploadType, config: unknown): AttachmentStorage {
    return backendOf(type).create(config, this.env);
  }

  active(): AttachmentStorage {
    return this.backend(this.settings.get('app:fileUploadType'));
  }

  /** Whether the backend in use streams files through Quire (local and database always do). */
  isRelayMode(): boolean {
    return backendOf(this.settings.get('app:fileUploadType')).isRelay(this.settings);
  }
}

/** The backend in use, call by call. */
export class ActiveStorage implements AttachmentStorage {
  constructor(private readonly registry: StorageRegistry) {}

  get kind(): FileUploadType {
    return this.registry.active().kind;
  }

  async put(key: string, stream: Readable, isTruncated: () => boolean): Promise<StoredFile> {
    const target = this.registry.active();
    const stored = await target.put(key, stream, isTruncated);
    // A move switched backends while this upload streamed in: the file follows it there.
    const now = this.registry.active();
    if (stored.complete && now !== target) {
      const copy = await target.open(key);
      if (copy) await now.put(key, copy, () => false);
    }
    return stored;
  }

  open(key: string): Promise<Readable | null> {
    return this.registry.active().open(key);
  }

  remove(key: string): Promise<void> {
    return this.registry.active().remove(key);
  }

  keysBefore(before: Date): Promise<string[]> {
    return this.registry.active().keysBefore(before);
  }

  removeTemporaryBefore(before: Date): Promise<void> {
    return this.registry.active().removeTemporaryBefore(before);
  }

  /** A signed URL when the backend has them and the admin chose redirect delivery; else null. */
  async redirectUrl(key: string, options: SignedUrlOptions): Promise<string | null> {
    const backend = this.registry.active();
    if (!backend.signedUrl || this.registry.isRelayMode()) return null;
    return backend.signedUrl(key, options);
  }
}
