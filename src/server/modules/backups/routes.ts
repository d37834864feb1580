// HTTP for backups: list, back up now, download, restore. Administrators only.
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { requireAdmin } from '../../lib/guards';
import type {
  BackupCreatedResponse,
  BackupListResponse,
  BackupRestoreResponse,
} from '../../../shared/backup-types';
import { BACKUP_NAME_PATTERN } from './names';

interface Options {
  ctx: AppContext;
  requestRestart?: () => void;
}

const NAME_PARAMS = {
  type: 'object',
  required: ['name'],
  properties: { name: { type: 'string', pattern: BACKUP_NAME_PATTERN } },
} as const;

export default async function backupRoutes(app: FastifyInstance, { ctx, requestRestart }: Options) {
  app.get('/backups', async (request): Promise<BackupListResponse> => {
    requireAdmin(request);
    return { backups: ctx.backups.list() };
  });

  app.post('/backups', async (request, reply) => {
    requireAdmin(request);
    const backup = await ctx.backups.backupNow('manual');
    const body: BackupCreatedResponse = { backup };
    return reply.status(201).send(body);
  });

  app.get<{ Params: { name: string } }>(
    '/backups/:name',
    { schema: { params: NAME_PARAMS } },
    async (request, reply) => {
      requireAdmin(request);
      const file = ctx.backups.file(request.params.name);
      return reply
        .header('content-type', 'application/zip')
        .header('content-length', file.size)
        .header('content-disposition', `attachment; filename="${request.params.name}"`)
        .header('cache-control', 'no-store')
        .send(fs.createReadStream(file.path));
    },
  );

  app.post<{ Params: { name: string } }>(
    '/backups/:name/restore',
    { schema: { params: NAME_PARAMS } },
    async (request, reply) => {
      requireAdmin(request);
      // Without a runner to restart it, a staged restore would wait for the next start unnoticed.
      if (!requestRestart) throw new AppError(503, 'restart_unavailable', 'backups.restart_unavailable');
      await ctx.backups.stageRestore(request.params.name);
      request.log.warn({ backup: request.params.name }, 'restoring a backup: the server restarts');
      // The answer goes out first; then the server closes and comes back on the restored data.
      reply.raw.once('finish', () => setImmediate(requestRestart));
      const body: BackupRestoreResponse = { restoring: true };
      return reply.status(202).send(body);
    },
  );
}
