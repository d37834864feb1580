// The S3-compatible backend (AWS S3, MinIO, Cloudflare R2, GCS through its S3 interoperability)
// with @aws-sdk/client-s3. Objects are `attachments/<id>` in the bucket. An upload is first written
// to a temporary file (its size must be known to S3, and a cut-short upload never reaches the
// bucket), then sent in one PUT. The SDK loads on first use: it would slow every start otherwise.
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { S3Client } from '@aws-sdk/client-s3';
import { checkKey, KEY, type AttachmentStorage, type SignedUrlOptions, type StoredFile } from '../../types';

export interface S3Config {
  region: string;
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

const PREFIX = 'attachments/';

function isNotFound(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
}

export class S3Storage implements AttachmentStorage {
  readonly kind = 'aws' as const;
  private client: Promise<S3Client> | null = null;

  constructor(
    private readonly config: S3Config,
    private readonly tempDir: string,
  ) {}

  private s3(): Promise<S3Client> {
    this.client ??= import('@aws-sdk/client-s3').then(
      ({ S3Client: Client }) =>
        new Client({
          region: this.config.region || 'us-east-1',
          ...(this.config.endpoint ? { endpoint: this.config.endpoint } : {}),
          forcePathStyle: this.config.forcePathStyle,
          credentials: { accessKeyId: this.config.accessKeyId, secretAccessKey: this.config.secretAccessKey },
          maxAttempts: 2,
          // Checksums only where S3 demands them: many S3-compatible servers store the SDK's
          // aws-chunked trailer encoding as if it were the file.
          requestChecksumCalculation: 'WHEN_REQUIRED',
          responseChecksumValidation: 'WHEN_REQUIRED',
        }),
    );
    return this.client;
  }

  private static async commands() {
    return import('@aws-sdk/client-s3');
  }

  async put(key: string, stream: Readable, isTruncated: () => boolean): Promise<StoredFile> {
    checkKey(key);
    fs.mkdirSync(this.tempDir, { recursive: true });
    const temp = path.join(this.tempDir, `.s3-upload-${randomBytes(8).toString('hex')}`);
    try {
      await pipeline(stream, fs.createWriteStream(temp, { flags: 'wx' }));
      if (isTruncated()) return { size: 0, complete: false };
      const { size } = await fs.promises.stat(temp);
      const { PutObjectCommand } = await S3Storage.commands();
      await (
        await this.s3()
      ).send(
        new PutObjectCommand({
          Bucket: this.config.bucket,
          Key: PREFIX + key,
          Body: fs.createReadStream(temp),
          ContentLength: size,
          ContentType: 'application/octet-stream',
        }),
      );
      return { size, complete: true };
    } finally {
      await fs.promises.rm(temp, { force: true });
    }
  }

  async open(key: string): Promise<Readable | null> {
    checkKey(key);
    const { GetObjectCommand } = await S3Storage.commands();
    try {
      const out = await (
        await this.s3()
      ).send(new GetObjectCommand({ Bucket: this.config.bucket, Key: PREFIX + key }));
      return (out.Body as Readable | undefined) ?? null;
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async remove(key: string): Promise<void> {
    checkKey(key);
    const { DeleteObjectCommand } = await S3Storage.commands();
    await (await this.s3()).send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: PREFIX + key }));
  }

  async keysBefore(before: Date): Promise<string[]> {
    const { ListObjectsV2Command } = await S3Storage.commands();
    const client = await this.s3();
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket: this.config.bucket, Prefix: PREFIX, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) {
        const key = (object.Key ?? '').slice(PREFIX.length);
        if (KEY.test(key) && object.LastModified && object.LastModified < before) keys.push(key);
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys;
  }

  /** Uploads never leave partial objects (they are sent whole from a temporary file). */
  async removeTemporaryBefore(): Promise<void> {}

  async signedUrl(key: string, options: SignedUrlOptions): Promise<string> {
    checkKey(key);
    const [{ GetObjectCommand }, { getSignedUrl }] = await Promise.all([
      S3Storage.commands(),
      import('@aws-sdk/s3-request-presigner'),
    ]);
    const command = new GetObjectCommand({
      Bucket: this.config.bucket,
      Key: PREFIX + key,
      ResponseContentType: options.contentType,
      ResponseContentDisposition: `${options.disposition}; filename*=UTF-8''${encodeURIComponent(options.fileName)}`,
      ResponseCacheControl: 'private, no-cache',
    });
    return getSignedUrl(await this.s3(), command, { expiresIn: options.expiresInSeconds });
  }
}
