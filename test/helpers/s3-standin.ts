// A local S3-compatible server (npm s3rver) on 127.0.0.1 with one bucket, and the settings that
// point Quire at it. s3rver checks signatures against its fixed key pair S3RVER / S3RVER.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import S3rver from 's3rver';

export interface S3Standin {
  endpoint: string;
  bucket: string;
  dir: string;
  /** The object's bytes as s3rver stored them, or null. */
  object(key: string): Buffer | null;
  close(): Promise<void>;
}

export const S3_KEY = { id: 'S3RVER', secret: 'S3RVER' };

export async function startS3(bucket = 'quire-files'): Promise<S3Standin> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const address = (await server.run()) as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    bucket,
    dir,
    object(key) {
      const file = path.join(dir, bucket, `${key}._S3rver_object`);
      return fs.existsSync(file) ? fs.readFileSync(file) : null;
    },
    close: async () => {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The file upload settings of an S3 storage at the stand-in. */
export function s3Settings(s3: S3Standin, extra: Record<string, unknown> = {}) {
  return {
    fileUploadType: 'aws',
    s3Region: 'us-east-1',
    s3CustomEndpoint: s3.endpoint,
    s3Bucket: s3.bucket,
    s3AccessKeyId: S3_KEY.id,
    s3SecretAccessKey: S3_KEY.secret,
    s3ForcePathStyle: true,
    s3ReferenceFileWithRelayMode: true,
    ...extra,
  };
}
