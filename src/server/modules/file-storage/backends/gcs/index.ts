// Google Cloud Storage through its own API, with a service account's key (a file on this machine,
// or the key itself, write-only), under GROWI's `gcs:` keys.
import path from 'node:path';
import { badRequest } from '../../../../lib/app-error';
import { defineBackend, type BackendEnv } from '../backend';
import { GcsStorage, serviceAccountOf, type GcsConfig } from './storage';

/** A GCS bucket name (Google's rule, simplified: 3–63 of lower-case letters, digits, `-`, `_`, `.`). */
const GCS_BUCKET = /^[a-z0-9][a-z0-9._-]{1,61}[a-z0-9]$/;

function gcsConfigOf({ settings, gcsApiEndpoint }: BackendEnv): GcsConfig {
  return {
    keyJson: settings.get('gcs:apiKeyJson'),
    keyFile: settings.get('gcs:apiKeyJsonPath'),
    bucket: settings.get('gcs:bucket'),
    namespace: settings.get('gcs:uploadNamespace'),
    apiEndpoint: gcsApiEndpoint,
  };
}

export default defineBackend<GcsConfig>({
  type: 'gcs',
  configOf: gcsConfigOf,
  configAfter: (env, input) => {
    const now = gcsConfigOf(env);
    return {
      keyJson: input.gcsApiKeyJson || now.keyJson,
      keyFile: input.gcsApiKeyJsonPath ?? now.keyFile,
      bucket: input.gcsBucket ?? now.bucket,
      namespace: input.gcsUploadNamespace ?? now.namespace,
      apiEndpoint: env.gcsApiEndpoint,
    };
  },
  // The key must be a service account's JSON key; its content is never echoed (a path could name any file).
  check(config, required) {
    if (config.bucket && !GCS_BUCKET.test(config.bucket))
      throw badRequest('invalid', 'errors.syntax_invalid', { field: 'gcsBucket' });
    if (config.keyFile && !path.isAbsolute(config.keyFile))
      throw badRequest('invalid', 'errors.syntax_invalid', { field: 'gcsApiKeyJsonPath' });
    if (config.keyJson || config.keyFile) {
      try {
        serviceAccountOf(config);
      } catch {
        throw badRequest('invalid_gcs_key', 'file_storage.gcs_key_invalid');
      }
    }
    if (!required) return;
    if (!config.bucket) throw badRequest('required', 'errors.required', { field: 'gcsBucket' });
    if (!config.keyJson && !config.keyFile)
      throw badRequest('required', 'errors.required', { field: 'gcsApiKeyJson' });
  },
  create: (config, { dataDir }) => new GcsStorage(config, path.join(dataDir, 'tmp')),
  save(settings, config, input) {
    settings.set('gcs:apiKeyJson', config.keyJson);
    settings.set('gcs:apiKeyJsonPath', config.keyFile);
    settings.set('gcs:bucket', config.bucket);
    settings.set('gcs:uploadNamespace', config.namespace);
    const relay = input.gcsReferenceFileWithRelayMode;
    if (relay !== undefined) settings.set('gcs:referenceFileWithRelayMode', relay);
  },
  isRelay: (settings) => settings.get('gcs:referenceFileWithRelayMode'),
  location: (config) => JSON.stringify([config.bucket, config.namespace]),
  probed: true,
  // The private key only signs, and is never sent: no message can carry it.
  secretOf: () => '',
  view: (settings) => ({
    gcsApiKeyJsonPath: settings.get('gcs:apiKeyJsonPath'),
    isGcsApiKeyJsonSet: settings.get('gcs:apiKeyJson') !== '',
    gcsBucket: settings.get('gcs:bucket'),
    gcsUploadNamespace: settings.get('gcs:uploadNamespace'),
    gcsReferenceFileWithRelayMode: settings.get('gcs:referenceFileWithRelayMode'),
  }),
});
