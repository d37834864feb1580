// An S3-compatible bucket (AWS S3, MinIO, Cloudflare R2 …), under GROWI's `aws:` keys. The secret
// is write-only: the view says whether one is stored, and an update without one keeps it.
import path from 'node:path';
import { badRequest } from '../../../../lib/app-error';
import type { SettingsService } from '../../../settings/service';
import {
  AWS_REGION_PATTERN,
  S3_BUCKET_PATTERN,
  S3_ENDPOINT_PATTERN,
} from '../../../../../shared/file-storage-types';
import { defineBackend } from '../backend';
import { S3Storage, type S3Config } from './storage';

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

export default defineBackend<S3Config>({
  type: 'aws',
  configOf: ({ settings }) => s3ConfigOf(settings),
  configAfter: ({ settings }, input) => {
    const now = s3ConfigOf(settings);
    return {
      region: input.s3Region ?? now.region,
      endpoint: input.s3CustomEndpoint ?? now.endpoint,
      bucket: input.s3Bucket ?? now.bucket,
      accessKeyId: input.s3AccessKeyId ?? now.accessKeyId,
      secretAccessKey: input.s3SecretAccessKey || now.secretAccessKey,
      forcePathStyle: input.s3ForcePathStyle ?? now.forcePathStyle,
    };
  },
  // SPEC §5's rules on the S3 fields; all of them are needed once S3 is to be used.
  check(config, required) {
    if (config.region && !new RegExp(AWS_REGION_PATTERN).test(config.region))
      throw badRequest('invalid_region', 'file_storage.region_invalid');
    if (config.endpoint && !new RegExp(S3_ENDPOINT_PATTERN).test(config.endpoint))
      throw badRequest('invalid_endpoint', 'file_storage.endpoint_invalid');
    if (config.bucket && !new RegExp(S3_BUCKET_PATTERN).test(config.bucket))
      throw badRequest('invalid', 'errors.syntax_invalid', { field: 's3Bucket' });
    if (!required) return;
    if (!config.region) throw badRequest('required', 'errors.required', { field: 's3Region' });
    if (!config.bucket) throw badRequest('required', 'errors.required', { field: 's3Bucket' });
    if (!config.accessKeyId) throw badRequest('required', 'errors.required', { field: 's3AccessKeyId' });
    if (!config.secretAccessKey)
      throw badRequest('required', 'errors.required', { field: 's3SecretAccessKey' });
  },
  create: (config, { dataDir }) => new S3Storage(config, path.join(dataDir, 'tmp')),
  save(settings, config, input) {
    settings.set('aws:s3Region', config.region);
    settings.set('aws:s3CustomEndpoint', config.endpoint);
    settings.set('aws:s3Bucket', config.bucket);
    settings.set('aws:s3AccessKeyId', config.accessKeyId);
    settings.set('aws:s3SecretAccessKey', config.secretAccessKey);
    settings.set('aws:s3ForcePathStyle', config.forcePathStyle);
    const relay = input.s3ReferenceFileWithRelayMode;
    if (relay !== undefined) settings.set('aws:referenceFileWithRelayMode', relay);
  },
  isRelay: (settings) => settings.get('aws:referenceFileWithRelayMode'),
  location: (config) => JSON.stringify([config.endpoint, config.bucket]),
  probed: true,
  secretOf: (config) => config.secretAccessKey,
  view: (settings) => ({
    s3Region: settings.get('aws:s3Region'),
    s3CustomEndpoint: settings.get('aws:s3CustomEndpoint'),
    s3Bucket: settings.get('aws:s3Bucket'),
    s3AccessKeyId: settings.get('aws:s3AccessKeyId'),
    isS3SecretAccessKeySet: settings.get('aws:s3SecretAccessKey') !== '',
    s3ForcePathStyle: settings.get('aws:s3ForcePathStyle'),
    s3ReferenceFileWithRelayMode: settings.get('aws:referenceFileWithRelayMode'),
  }),
});
