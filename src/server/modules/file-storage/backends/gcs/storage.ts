// The Google Cloud Storage backend through its own API (@google-cloud/storage), for admins who
// hold a service account rather than an HMAC key. Objects are `<namespace>attachments/<id>`. The
// service account signs its own short-lived JWTs (no token exchange with Google's OAuth server:
// one network dependency fewer) and signs redirect URLs locally. Loaded on first use.
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Bucket } from '@google-cloud/storage';
import { checkKey, KEY, type AttachmentStorage, type SignedUrlOptions, type StoredFile } from '../../types';

export interface GcsConfig {
  /** The service account key (JSON), pasted or read from `keyFile`. */
  keyJson: string;
  keyFile: string;
  bucket: string;
  /** GROWI's upload namespace: a folder in the bucket, '' for its root. */
  namespace: string;
  /** Tests and emulators; '' means Google. */
  apiEndpoint: string;
}

interface ServiceAccount {
  client_email: string;
  private_key: string;
}

const SCOPE = 'https://www.googleapis.com/auth/devstorage.read_write';

export function serviceAccountOf(config: GcsConfig): ServiceAccount {
  const text = config.keyJson || (config.keyFile ? fs.readFileSync(config.keyFile, 'utf8') : '');
  if (!text) throw new Error('no service account key');
  const account = JSON.parse(text) as Partial<ServiceAccount>;
  if (!account.client_email || !account.private_key)
    throw new Error('the key has no client_email or private_key');
  return { client_email: account.client_email, private_key: account.private_key };
}

function isNotFound(err: unknown): boolean {
  return (err as { code?: number }).code === 404;
}

export class GcsStorage implements AttachmentStorage {
  readonly kind = 'gcs' as const;
  private bucketPromise: Promise<Bucket> | null = null;
  private readonly prefix: string;

  constructor(
    private readonly config: GcsConfig,
    private readonly tempDir: string,
  ) {
    const namespace = config.namespace.replace(/^\/+|\/+$/g, '');
    this.prefix = `${namespace ? `${namespace}/` : ''}attachments/`;
  }

  private bucket(): Promise<Bucket> {
    this.bucketPromise ??= Promise.all([import('@google-cloud/storage'), import('google-auth-library')]).then(
      ([{ Storage }, { GoogleAuth, JWT }]) => {
        const account = serviceAccountOf(this.config);
        const jwt = new JWT({ email: account.client_email, key: account.private_key, scopes: [SCOPE] });
        // Self-signed JWTs instead of a token exchange with Google's OAuth server.
        jwt.useJWTAccessWithScope = true;
        const authClient = new GoogleAuth({ authClient: jwt, scopes: [SCOPE] });
        // Signed URLs ask for the key here; without it the library would ask a GCE metadata server.
        authClient.jsonContent = account;
        const storage = new Storage({
          authClient,
          retryOptions: { autoRetry: false },
          ...(this.config.apiEndpoint
            ? { apiEndpoint: this.config.apiEndpoint, useAuthWithCustomEndpoint: true }
            : {}),
        });
        return storage.bucket(this.config.bucket);
      },
    );
    return this.bucketPromise;
  }

  private async file(key: string) {
    return (await this.bucket()).file(this.prefix + checkKey(key));
  }

  async put(key: string, stream: Readable, isTruncated: () => boolean): Promise<StoredFile> {
    const file = await this.file(key);
    fs.mkdirSync(this.tempDir, { recursive: true });
    // Through a temporary file, as for S3: a cut-short upload never reaches the bucket.
    const temp = path.join(this.tempDir, `.gcs-upload-${randomBytes(8).toString('hex')}`);
    try {
      await pipeline(stream, fs.createWriteStream(temp, { flags: 'wx' }));
      if (isTruncated()) return { size: 0, complete: false };
      const { size } = await fs.promises.stat(temp);
      await pipeline(
        fs.createReadStream(temp),
        file.createWriteStream({
          resumable: false,
          contentType: 'application/octet-stream',
          validation: 'md5',
        }),
      );
      return { size, complete: true };
    } finally {
      await fs.promises.rm(temp, { force: true });
    }
  }

  async open(key: string): Promise<Readable | null> {
    const file = await this.file(key);
    try {
      await file.getMetadata();
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
    return file.createReadStream({ validation: 'md5' });
  }

  async remove(key: string): Promise<void> {
    const file = await this.file(key);
    await file.delete({ ignoreNotFound: true });
  }

  async keysBefore(before: Date): Promise<string[]> {
    const [files] = await (await this.bucket()).getFiles({ prefix: this.prefix, autoPaginate: true });
    return files
      .filter((f) => {
        const updated = f.metadata.updated ? new Date(f.metadata.updated) : null;
        return KEY.test(f.name.slice(this.prefix.length)) && updated !== null && updated < before;
      })
      .map((f) => f.name.slice(this.prefix.length));
  }

  /** Uploads never leave partial objects (they are sent whole from a temporary file). */
  async removeTemporaryBefore(): Promise<void> {}

  async signedUrl(key: string, options: SignedUrlOptions): Promise<string> {
    const file = await this.file(key);
    const [url] = await file.getSignedUrl({
      version: 'v4',
      action: 'read',
      expires: Date.now() + options.expiresInSeconds * 1000,
      responseType: options.contentType,
      responseDisposition: `${options.disposition}; filename*=UTF-8''${encodeURIComponent(options.fileName)}`,
    });
    return url;
  }
}
