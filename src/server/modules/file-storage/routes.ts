// HTTP for the file upload section of /admin/app (admins only; GROWI's
// `/_api/v3/app-settings/file-upload-setting`), its connection test, and the move job. Changing
// the type never switches by itself: it starts the move, which switches once every file is verified.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { AppError, conflict } from '../../lib/app-error';
import { requireAdmin } from '../../lib/guards';
import type { FileUploadSettingsUpdate, FileUploadType } from '../../../shared/file-storage-types';
import { contractRoute } from '../../lib/contract-route';
import {
  fileUploadMove,
  fileUploadSetting,
  fileUploadSettingTest,
  fileUploadSettingUpdate,
} from '../../../shared/contracts/app-settings';
import { backendOf, STORAGE_BACKENDS } from './backends';
import { fileUploadSettingsView, probeStorage, reasonOf } from './settings';
import { StorageProblemError } from './types';

export default async function fileStorageRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { settings, storage, storageMove } = ctx;
  const view = () => ({ ...fileUploadSettingsView(settings), moveStatus: storageMove.status() });
  const testFailed = (err: unknown, secret: string) =>
    err instanceof StorageProblemError
      ? new AppError(400, 'storage_test_failed', `file_storage.test_${err.code}`)
      : new AppError(400, 'storage_test_failed', 'file_storage.test_failed', {
          reason: reasonOf(err, secret),
        });

  /** Every backend's settings as the update would leave them, checked. */
  const configsOf = (input: FileUploadSettingsUpdate) =>
    new Map(
      STORAGE_BACKENDS.map((backend) => {
        const config = backend.configAfter(storage.env, input);
        backend.check(config, input.fileUploadType === backend.type);
        return [backend.type, config] as const;
      }),
    );

  /** Tries the backend `type` would use with these settings (remote ones only). */
  const probe = async (type: FileUploadType, configs: Map<FileUploadType, unknown>) => {
    const backend = backendOf(type);
    if (!backend.probed) return;
    try {
      await probeStorage(storage.build(type, configs.get(type)));
    } catch (err) {
      throw testFailed(err, backend.secretOf(configs.get(type)));
    }
  };

  contractRoute(app, fileUploadSetting, async (request) => {
    requireAdmin(request);
    return { fileUploadSettingParams: view() };
  });

  contractRoute(app, fileUploadSettingUpdate, async (request, reply) => {
    requireAdmin(request);
    if (storageMove.isRunning()) throw conflict('storage_move_running', 'file_storage.move_running');
    const input = request.body;
    const current = settings.get('app:fileUploadType');
    const configs = configsOf(input);
    // The bucket in use cannot change under its files: that is a move to another storage.
    const inUse = backendOf(current);
    if (inUse.location(configs.get(current)) !== inUse.location(inUse.configOf(storage.env)))
      throw conflict('storage_in_use', 'file_storage.in_use');
    await probe(input.fileUploadType, configs);
    ctx.settings.together(() => {
      for (const backend of STORAGE_BACKENDS) backend.save(settings, configs.get(backend.type), input);
    });
    if (input.fileUploadType === current) return { responseParams: view() };
    storageMove.start(input.fileUploadType);
    return reply.status(202).send({ responseParams: view() });
  });

  contractRoute(app, fileUploadSettingTest, async (request) => {
    requireAdmin(request);
    await probe(request.body.fileUploadType, configsOf(request.body));
    return { ok: true } as const;
  });

  contractRoute(app, fileUploadMove, async (request) => {
    requireAdmin(request);
    return { moveStatus: storageMove.status() };
  });
}
