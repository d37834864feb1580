// Backups (issue 12): daily and on demand, a snapshot of the database and the attachments; restores.
import { defineModule } from '../../module';
import { onSuccess, paramOf } from '../audit/rules';
import { BackupsService } from './service';
import backupRoutes from './routes';

declare module '../../context' {
  interface AppContext {
    backups: BackupsService;
  }
}

export default defineModule({
  name: 'backups',
  services: ({ config, db, files }) => ({
    backups: new BackupsService(db.$client, config.dataDir, undefined, () =>
      // Attachment bytes kept in an S3 bucket travel inside the backup (issue 19).
      files.kind === 'aws'
        ? {
            ids: (db.$client.prepare('SELECT id FROM attachments').all() as { id: string }[]).map(
              (r) => r.id,
            ),
            open: (id) => files.open(id),
          }
        : null,
    ),
  }),
  routes: [{ plugin: backupRoutes }],
  // Daily backups, and the one taken before this start's migrations; none while the disk is full.
  start(ctx, app) {
    ctx.backups.start(app.log, (bytes) => {
      try {
        ctx.disk.assertRoom(bytes);
        return true;
      } catch {
        return false;
      }
    });
  },
  close: (ctx) => ctx.backups.close(),
  audit: {
    routes: {
      'POST /_api/v3/backups': { action: onSuccess('ADMIN_BACKUP') },
      'POST /_api/v3/backups/:name/restore': {
        action: onSuccess('ADMIN_BACKUP_RESTORE'),
        target: (_ctx, request) => paramOf(request, 'name'),
      },
      'POST /_api/v3/backups/restore-upload': {
        action: onSuccess('ADMIN_BACKUP_RESTORE'),
        target: () => 'upload',
      },
    },
  },
});
