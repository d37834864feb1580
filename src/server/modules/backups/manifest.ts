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
  services: ({ config, db, files, attachments }) => ({
    backups: new BackupsService(db.$client, config.dataDir, undefined, () =>
      // Attachment bytes kept in a bucket (S3 or Google Cloud Storage) travel inside the backup
      // (issue 19); on this machine or in the database they are in the copy already.
      files.kind === 'aws' || files.kind === 'gcs'
        ? { ids: attachments.allIds(), open: (id) => files.open(id) }
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
