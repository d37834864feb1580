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
  S3_BUCKET_PATTERN,
  S3_ENDPOINT_PATTERN,
  type FileUploadSettingsUpdate,
} from '../../../shared/file-storage-types';
import { fileUploadSettingsView, probeStorage, reasonOf, s3ConfigAfter, saveS3Settings } from './settings';
import type { S3Config } from './s3';
import { s3ConfigOf } from './registry';

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
  },
} as const;

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
    new AppError(400, 'storage_test_failed', 'file_storage.test_failed', { reason: reasonOf(err, secret) });

  /** Probes the backend `type` would use with `config`; local and database need no test. */
  const probe = async (type: FileUploadSettingsUpdate['fileUploadType'], config: S3Config) => {
    if (type !== 'aws') return;
    try {
      await probeStorage(storage.s3With(config));
    } catch (err) {
      throw testFailed(err, config.secretAccessKey);
    }
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
      const config = s3ConfigAfter(settings, input);
      checkS3(config, input.fileUploadType === 'aws');
      // The bucket in use cannot change under its files: that is a move to another storage.
      const inUse = s3ConfigOf(settings);
      if (current === 'aws' && (config.bucket !== inUse.bucket || config.endpoint !== inUse.endpoint))
        throw conflict('storage_in_use', 'file_storage.in_use');
      await probe(input.fileUploadType, config);
      ctx.db.$client.transaction(() =>
        saveS3Settings(settings, config, input.s3ReferenceFileWithRelayMode),
      )();
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
      const config = s3ConfigAfter(settings, request.body);
      checkS3(config, request.body.fileUploadType === 'aws');
      await probe(request.body.fileUploadType, config);
      return { ok: true };
    },
  );

  app.get('/app-settings/file-upload-setting/move', async (request) => {
    requireAdmin(request);
    return { moveStatus: storageMove.status() };
  });
}
