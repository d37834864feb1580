// GROWI archives (issue 9): export of collections and attachments to a zip, and import from one.
import { defineModule } from '../../module';
import { rowsChangedElsewhere } from '../../db/row-watch';
import { bodyOf, onSuccess } from '../audit/rules';
import { ArchiveExportService } from './service';
import { ArchiveImportService } from './import-service';
import { DEFAULT_ARCHIVE_LIMITS } from '../../lib/zip-guard';
import { archiveDownloadRoutes, archiveExportRoutes } from './export-routes';
import { archiveImportRoutes } from './import-routes';

declare module '../../context' {
  interface AppContext {
    archiveExport: ArchiveExportService;
    archiveImport: ArchiveImportService;
  }
}

export default defineModule({
  name: 'archive',
  services: (ctx, { dbFile }) => {
    const { config, db, settings, files } = ctx;
    const limits = { ...DEFAULT_ARCHIVE_LIMITS, ...config.archiveLimits };
    // Progress goes to administrators' open web apps through the live events hub.
    const notify = (event: string, payload: unknown) => ctx.live.toAdmins(event, payload);
    const archiveExport = new ArchiveExportService({
      dataDir: config.dataDir,
      files,
      dbFile,
      limits,
      siteTitle: () => settings.get('app:title'),
      notify,
    });
    const archiveImport = new ArchiveImportService({
      sqlite: db.$client,
      dataDir: config.dataDir,
      files,
      dirs: archiveExport.dirs,
      limits,
      notify,
      // The database changed under these (from the worker's connection, which calls no cache
      // back): the search index rebuilds (searches keep using the old one meanwhile), and every
      // cache kept by row watches (db/row-watch.ts), the settings' among them, reads again.
      afterImport: () => {
        rowsChangedElsewhere(db.$client);
        ctx.search.rebuild();
      },
      // A complete backup (database snapshot and attachments, issue 12) before every import.
      backup: async () => (await ctx.backups.backupNow('before-import')).name,
    });
    return { archiveExport, archiveImport };
  },
  routes: [
    { plugin: archiveExportRoutes },
    { plugin: archiveImportRoutes },
    { plugin: archiveDownloadRoutes, prefix: '' },
  ],
  // Failures outside a request go to the health module: logged, and a full disk marked as full.
  start(ctx) {
    const log = (err: unknown, what: string) => ctx.events.emit('background:failed', { what, err });
    ctx.archiveExport.log = log;
    ctx.archiveImport.log = log;
  },
  // A running export or import finishes before the database closes.
  async close(ctx) {
    await ctx.archiveExport.whenIdle();
    await ctx.archiveImport.whenIdle();
  },
  audit: {
    routes: {
      'POST /_api/v3/export': {
        action: onSuccess('ADMIN_ARCHIVE_EXPORT'),
        target: (_ctx, request) => ((bodyOf(request).collections as string[] | undefined) ?? []).join(', '),
      },
      'POST /_api/v3/import': { action: onSuccess('ADMIN_ARCHIVE_IMPORT') },
    },
  },
});
