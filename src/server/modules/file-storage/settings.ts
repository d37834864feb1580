// The file upload section of the app settings (GROWI's names). The S3 secret is write-only: answers
// say whether one is stored, and an update without one keeps it.
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { SettingsService } from '../settings/service';
import type { FileUploadSettingsUpdate, FileUploadSettingsView } from '../../../shared/file-storage-types';
import { gcsConfigOf, s3ConfigOf } from './registry';
import type { GcsConfig } from './gcs';
import type { S3Config } from './s3';
import { StorageProblemError, type AttachmentStorage } from './types';

export function fileUploadSettingsView(settings: SettingsService): FileUploadSettingsView {
  return {
    fileUploadType: settings.get('app:fileUploadType'),
    s3Region: settings.get('aws:s3Region'),
    s3CustomEndpoint: settings.get('aws:s3CustomEndpoint'),
    s3Bucket: settings.get('aws:s3Bucket'),
    s3AccessKeyId: settings.get('aws:s3AccessKeyId'),
    isS3SecretAccessKeySet: settings.get('aws:s3SecretAccessKey') !== '',
    s3ForcePathStyle: settings.get('aws:s3ForcePathStyle'),
    s3ReferenceFileWithRelayMode: settings.get('aws:referenceFileWithRelayMode'),
    gcsApiKeyJsonPath: settings.get('gcs:apiKeyJsonPath'),
    isGcsApiKeyJsonSet: settings.get('gcs:apiKeyJson') !== '',
    gcsBucket: settings.get('gcs:bucket'),
    gcsUploadNamespace: settings.get('gcs:uploadNamespace'),
    gcsReferenceFileWithRelayMode: settings.get('gcs:referenceFileWithRelayMode'),
  };
}

/** The GCS settings an update would leave (fields left out keep their stored value). */
export function gcsConfigAfter(
  settings: SettingsService,
  input: FileUploadSettingsUpdate,
  apiEndpoint: string,
): GcsConfig {
  const now = gcsConfigOf(settings, apiEndpoint);
  return {
    keyJson: input.gcsApiKeyJson || now.keyJson,
    keyFile: input.gcsApiKeyJsonPath ?? now.keyFile,
    bucket: input.gcsBucket ?? now.bucket,
    namespace: input.gcsUploadNamespace ?? now.namespace,
    apiEndpoint,
  };
}

export function saveGcsSettings(
  settings: SettingsService,
  config: GcsConfig,
  relay: boolean | undefined,
): void {
  settings.set('gcs:apiKeyJson', config.keyJson);
  settings.set('gcs:apiKeyJsonPath', config.keyFile);
  settings.set('gcs:bucket', config.bucket);
  settings.set('gcs:uploadNamespace', config.namespace);
  if (relay !== undefined) settings.set('gcs:referenceFileWithRelayMode', relay);
}

/** The S3 settings an update would leave (fields left out keep their stored value). */
export function s3ConfigAfter(settings: SettingsService, input: FileUploadSettingsUpdate): S3Config {
  const now = s3ConfigOf(settings);
  return {
    region: input.s3Region ?? now.region,
    endpoint: input.s3CustomEndpoint ?? now.endpoint,
    bucket: input.s3Bucket ?? now.bucket,
    accessKeyId: input.s3AccessKeyId ?? now.accessKeyId,
    secretAccessKey: input.s3SecretAccessKey || now.secretAccessKey,
    forcePathStyle: input.s3ForcePathStyle ?? now.forcePathStyle,
  };
}

export function saveS3Settings(
  settings: SettingsService,
  config: S3Config,
  relay: boolean | undefined,
): void {
  settings.set('aws:s3Region', config.region);
  settings.set('aws:s3CustomEndpoint', config.endpoint);
  settings.set('aws:s3Bucket', config.bucket);
  settings.set('aws:s3AccessKeyId', config.accessKeyId);
  settings.set('aws:s3SecretAccessKey', config.secretAccessKey);
  settings.set('aws:s3ForcePathStyle', config.forcePathStyle);
  if (relay !== undefined) settings.set('aws:referenceFileWithRelayMode', relay);
}

/** Writes, reads back and deletes a probe file; throws with the backend's reason. */
export async function probeStorage(storage: AttachmentStorage): Promise<void> {
  const key = randomBytes(12).toString('hex');
  const bytes = Buffer.from(`Quire storage probe ${new Date().toISOString()}`);
  await storage.put(key, Readable.from([bytes]), () => false);
  try {
    const stream = await storage.open(key);
    if (!stream)
      throw new StorageProblemError('probe_unreadable', null, 'the probe file cannot be read back');
    const chunks: Buffer[] = [];
    for await (const piece of stream) chunks.push(piece as Buffer);
    if (!Buffer.concat(chunks).equals(bytes))
      throw new StorageProblemError('probe_different', null, 'the probe file came back different');
  } finally {
    await storage.remove(key);
  }
}

/** A reason for the admin without the secret in it (SDK messages may echo request details). */
export function reasonOf(err: unknown, secret: string): string {
  const message = err instanceof Error ? err.message || err.name : String(err);
  return secret ? message.split(secret).join('***') : message;
}
