// HTTP for backups: list, back up now, download, restore (one of the list, or a backup file sent
// from elsewhere: the desktop's File ▸ Restore from backup…). Administrators only.
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { requireAdmin } from '../../lib/guards';
import { stageRestoreFrom } from './service';
import { contractRoute } from '../../lib/contract-route';
import {
  backupCreate,
  backupDownload,
  backupList,
  backupRestore,
  backupRestoreUpload,
} from '../../../shared/contracts/backups';

/** Largest backup file a restore upload takes (the archive upload limit's default). */
const MAX_RESTORE_UPLOAD = 16 * 1024 ** 3;

interface Options {
  ctx: AppContext;
  requestRestart?: () => void;
}

export default async function backupRoutes(app: FastifyInstance, { ctx, requestRestart }: Options) {
  contractRoute(app, backupList, async (request) => {
    requireAdmin(request);
    return { backups: ctx.backups.list() };
  });

  contractRoute(app, backupCreate, async (request, reply) => {
    requireAdmin(request);
    // A backup needs about the database's size again: refused up front when that is not there.
    ctx.disk.assertRoom(ctx.backups.expectedSize());
    return reply.status(201).send({ backup: await ctx.backups.backupNow('manual') });
  });

  contractRoute(app, backupDownload, async (request, reply) => {
    requireAdmin(request);
    const file = ctx.backups.file(request.params.name);
    return reply
      .header('content-type', 'application/zip')
      .header('content-length', file.size)
      .header('content-disposition', `attachment; filename="${request.params.name}"`)
      .header('cache-control', 'no-store')
      .send(fs.createReadStream(file.path));
  });

  /** Without a runner to restart it, a staged restore would wait for the next start unnoticed. */
  const assertRestartable = () => {
    if (!requestRestart) throw new AppError(503, 'restart_unavailable', 'backups.restart_unavailable');
    return requestRestart;
  };
  /** The answer goes out first; then the server closes and comes back on the restored data. */
  const restartAfter = (request: FastifyRequest, reply: FastifyReply, restart: () => void, from: string) => {
    request.log.warn({ backup: from }, 'restoring a backup: the server restarts');
    reply.raw.once('finish', () => setImmediate(restart));
    return reply.status(202).send({ restoring: true });
  };

  contractRoute(app, backupRestore, async (request, reply) => {
    requireAdmin(request);
    const restart = assertRestartable();
    await ctx.backups.stageRestore(request.params.name);
    return restartAfter(request, reply, restart, request.params.name);
  });

  await app.register(async (upload) => {
    await upload.register(fastifyMultipart, { throwFileSizeLimit: false });
    contractRoute(upload, backupRestoreUpload, async (request, reply) => {
      // A refused upload is not read: close the connection after the answer instead of draining it.
      reply.header('connection', 'close');
      requireAdmin(request);
      const restart = assertRestartable();
      if (!request.isMultipart()) throw new AppError(400, 'backup_invalid', 'backups.not_a_file');
      const part = await request.file({ limits: { fileSize: MAX_RESTORE_UPLOAD, files: 1 } });
      if (!part || part.fieldname !== 'file') throw new AppError(400, 'backup_invalid', 'backups.not_a_file');
      const temp = path.join(ctx.config.dataDir, 'backups', `.upload-${randomBytes(6).toString('hex')}.zip`);
      try {
        await pipeline(part.file, fs.createWriteStream(temp, { flags: 'wx' }));
        if (part.file.truncated) throw new AppError(413, 'too_large', 'backups.too_large');
        // Verified and staged exactly like a backup of the list; a bad file changes nothing.
        await stageRestoreFrom(temp, ctx.config.dataDir);
      } finally {
        fs.rmSync(temp, { force: true });
      }
      reply.removeHeader('connection');
      return restartAfter(request, reply, restart, path.basename(part.filename));
    });
  });
}
