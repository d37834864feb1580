// The backends and the one in use. `ActiveStorage` is what every attachment path holds: each call
// goes to the backend the settings name now, so a finished move switches them all at once.
import path from 'node:path';
import type { Database } from 'better-sqlite3';
import type { Readable } from 'node:stream';
import type { SettingsService } from '../settings/service';
import type { FileUploadType } from '../../../shared/file-storage-types';
import { LocalDiskStorage } from './local';
import { DatabaseStorage } from './database';
import { S3Storage, type S3Config } from './s3';
import { GcsStorage, type GcsConfig } from './gcs';
import type { AttachmentStorage, SignedUrlOptions, StoredFile } from './types';

export function s3ConfigOf(settings: SettingsService): S3Config {
  return {
    region: settings.get('aws:s3Region'),
    endpoint: settings.get('aws:s3CustomEndpoint'),
    bucket: settings.get('aws:s3Bucket'),
    accessKeyId: settings.get('aws:s3AccessKeyId'),
    secretAccessKey: settings.get('aws:s3SecretAccessKey'),
    forcePathStyle: settings.get('aws:s3ForcePathStyle'),
  };
}

export function gcsConfigOf(settings: SettingsService, apiEndpoint: string): GcsConfig {
  return {
    keyJson: settings.get('gcs:apiKeyJson'),
    keyFile: settings.get('gcs:apiKeyJsonPath'),
    bucket: settings.get('gcs:bucket'),
    namespace: settings.get('gcs:uploadNamespace'),
    apiEndpoint,
  };
}

export class StorageRegistry {
  private readonly local: LocalDiskStorage;
  private readonly database: DatabaseStorage;
  private s3: { signature: string; storage: S3Storage } | null = null;
  private gcs: { signature: string; storage: GcsStorage } | null = null;

  constructor(
    private readonly settings: SettingsService,
    sqlite: Database,
    private readonly dataDir: string,
    /** QUIRE_GCS_API_ENDPOINT: an emulator or a test's stand-in; '' means Google. */
    readonly gcsApiEndpoint = '',
  ) {
    this.local = new LocalDiskStorage(path.join(dataDir, 'attachments'));
    this.database = new DatabaseStorage(sqlite);
  }

  /** An S3 backend for these settings (a test connection uses one not yet saved). */
  s3With(config: S3Config): S3Storage {
    return new S3Storage(config, path.join(this.dataDir, 'tmp'));
  }

  /** A GCS backend for these settings (a test connection uses one not yet saved). */
  gcsWith(config: GcsConfig): GcsStorage {
    return new GcsStorage(config, path.join(this.dataDir, 'tmp'));
  }

  backend(type: FileUploadType): AttachmentStorage {
    if (type === 'local') return this.local;
    if (type === 'database') return this.database;
    if (type === 'gcs') {
      const config = gcsConfigOf(this.settings, this.gcsApiEndpoint);
      const signature = JSON.stringify(config);
      if (this.gcs?.signature !== signature) this.gcs = { signature, storage: this.gcsWith(config) };
      return this.gcs.storage;
    }
    const config = s3ConfigOf(this.settings);
    const signature = JSON.stringify(config);
    if (this.s3?.signature !== signature) this.s3 = { signature, storage: this.s3With(config) };
    return this.s3.storage;
  }

  active(): AttachmentStorage {
    return this.backend(this.settings.get('app:fileUploadType'));
  }

  /** Whether the backend in use streams files through Quire (local and database always do). */
  isRelayMode(): boolean {
    const type = this.settings.get('app:fileUploadType');
    if (type === 'aws') return this.settings.get('aws:referenceFileWithRelayMode');
    if (type === 'gcs') return this.settings.get('gcs:referenceFileWithRelayMode');
    return true;
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
