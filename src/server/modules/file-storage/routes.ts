// HTTP for the file upload section of /admin/app (admins only; GROWI's
// `/_api/v3/app-settings/file-upload-setting`), its connection test, and the move job. Changing
// the type never switches by itself: it starts the move, which switches once every file is verified.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { AppError, badRequest, conflict } from '../../lib/app-error';
import { requireAdmin } from '../../lib/guards';
import {
  AWS_REGION_PATTERN,
  FILE_UPLOAD_TYPES,
  GCS_NAMESPACE_PATTERN,
  S3_BUCKET_PATTERN,
  S3_ENDPOINT_PATTERN,
  type FileUploadSettingsUpdate,
} from '../../../shared/file-storage-types';
import path from 'node:path';
import {
  fileUploadSettingsView,
  gcsConfigAfter,
  probeStorage,
  reasonOf,
  s3ConfigAfter,
  saveGcsSettings,
  saveS3Settings,
} from './settings';
import type { S3Config } from './s3';
import { serviceAccountOf, type GcsConfig } from './gcs';
import { gcsConfigOf, s3ConfigOf } from './registry';
import { StorageProblemError } from './types';

const BODY = {
  type: 'object',
  required: ['fileUploadType'],
  properties: {
    fileUploadType: { type: 'string', enum: [...FILE_UPLOAD_TYPES] },
    s3Region: { type: 'string', maxLength: 32 },
    s3CustomEndpoint: { type: 'string', maxLength: 2048 },
    s3Bucket: { type: 'string', maxLength: 63 },
    s3AccessKeyId: { type: 'string', maxLength: 128, pattern: '^[A-Za-z0-9_./+=-]*$' },
    s3SecretAccessKey: { type: 'string', maxLength: 256 },
    s3ForcePathStyle: { type: 'boolean' },
    s3ReferenceFileWithRelayMode: { type: 'boolean' },
    gcsApiKeyJsonPath: { type: 'string', maxLength: 4096 },
    gcsApiKeyJson: { type: 'string', maxLength: 20_000 },
    gcsBucket: { type: 'string', maxLength: 222 },
    gcsUploadNamespace: { type: 'string', maxLength: 512, pattern: GCS_NAMESPACE_PATTERN },
    gcsReferenceFileWithRelayMode: { type: 'boolean' },
  },
} as const;

/** A GCS bucket name (Google's rule, simplified: 3–63 of lower-case letters, digits, `-`, `_`, `.`). */
const GCS_BUCKET = /^[a-z0-9][a-z0-9._-]{1,61}[a-z0-9]$/;

/** The key must be a service account's JSON key; its content is never echoed (a path could name any file). */
function checkGcs(config: GcsConfig, required: boolean): void {
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
}

/** SPEC §5's rules on the S3 fields; all of them are needed once S3 is to be used. */
function checkS3(config: S3Config, required: boolean): void {
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
}

export default async function fileStorageRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { settings, storage, storageMove } = ctx;
  const view = () => ({ ...fileUploadSettingsView(settings), moveStatus: storageMove.status() });
  const testFailed = (err: unknown, secret: string) =>
    err instanceof StorageProblemError
      ? new AppError(400, 'storage_test_failed', `file_storage.test_${err.code}`)
      : new AppError(400, 'storage_test_failed', 'file_storage.test_failed', {
          reason: reasonOf(err, secret),
        });

  /** Probes the backend `type` would use with these settings; local and database need no test. */
  const probe = async (type: FileUploadSettingsUpdate['fileUploadType'], s3: S3Config, gcs: GcsConfig) => {
    if (type !== 'aws' && type !== 'gcs') return;
    try {
      await probeStorage(type === 'aws' ? storage.s3With(s3) : storage.gcsWith(gcs));
    } catch (err) {
      throw testFailed(err, type === 'aws' ? s3.secretAccessKey : '');
    }
  };

  /** Both backends' settings as the update would leave them, checked. */
  const configsOf = (input: FileUploadSettingsUpdate) => {
    const s3 = s3ConfigAfter(settings, input);
    const gcs = gcsConfigAfter(settings, input, storage.gcsApiEndpoint);
    checkS3(s3, input.fileUploadType === 'aws');
    checkGcs(gcs, input.fileUploadType === 'gcs');
    return { s3, gcs };
  };

  app.get('/app-settings/file-upload-setting', async (request) => {
    requireAdmin(request);
    return { fileUploadSettingParams: view() };
  });

  app.put<{ Body: FileUploadSettingsUpdate }>(
    '/app-settings/file-upload-setting',
    { schema: { body: BODY } },
    async (request, reply) => {
      requireAdmin(request);
      if (storageMove.isRunning()) throw conflict('storage_move_running', 'file_storage.move_running');
      const input = request.body;
      const current = settings.get('app:fileUploadType');
      const { s3, gcs } = configsOf(input);
      // The bucket in use cannot change under its files: that is a move to another storage.
      const s3Now = s3ConfigOf(settings);
      const gcsNow = gcsConfigOf(settings, storage.gcsApiEndpoint);
      if (
        (current === 'aws' && (s3.bucket !== s3Now.bucket || s3.endpoint !== s3Now.endpoint)) ||
        (current === 'gcs' && (gcs.bucket !== gcsNow.bucket || gcs.namespace !== gcsNow.namespace))
      )
        throw conflict('storage_in_use', 'file_storage.in_use');
      await probe(input.fileUploadType, s3, gcs);
      ctx.db.$client.transaction(() => {
        saveS3Settings(settings, s3, input.s3ReferenceFileWithRelayMode);
        saveGcsSettings(settings, gcs, input.gcsReferenceFileWithRelayMode);
      })();
      if (input.fileUploadType === current) return { responseParams: view() };
      storageMove.start(input.fileUploadType);
      return reply.status(202).send({ responseParams: view() });
    },
  );

  app.post<{ Body: FileUploadSettingsUpdate }>(
    '/app-settings/file-upload-setting/test',
    { schema: { body: BODY } },
    async (request) => {
      requireAdmin(request);
      const { s3, gcs } = configsOf(request.body);
      await probe(request.body.fileUploadType, s3, gcs);
      return { ok: true };
    },
  );

  app.get('/app-settings/file-upload-setting/move', async (request) => {
    requireAdmin(request);
    return { moveStatus: storageMove.status() };
  });
}
