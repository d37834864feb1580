// Markdown in and out: a subtree exported as .md files, folders of notes imported as pages.
import path from 'node:path';
import { defineModule } from '../../module';
import { bodyOf, onSuccess, pagePath, str } from '../audit/rules';
import { maxFileSize } from '../attachments/limits';
import { MarkdownExportJobs } from './export-jobs';
import { MarkdownExportService } from './export-service';
import { MarkdownImportService } from './import-service';
import { DEFAULT_MARKDOWN_IMPORT_LIMITS } from './import-stage';
import markdownExportRoutes from './routes';
import { markdownImportRoutes } from './import-routes';

declare module '../../context' {
  interface AppContext {
    markdownImport: MarkdownImportService;
    markdownExport: MarkdownExportService;
    /** Subtree exports with progress, per signed-in user. */
    markdownExportJobs: MarkdownExportJobs;
  }
}

export default defineModule({
  name: 'markdown-io',
  services: (ctx) => {
    const markdownExport = new MarkdownExportService(ctx.db, ctx.pages, ctx.tags, ctx.attachments);
    const markdownExportJobs = new MarkdownExportJobs(
      markdownExport,
      path.join(ctx.archiveExport.dirs.work, 'markdown-export'),
      () => ctx.markdownImport.log,
    );
    return {
      markdownExport,
      markdownExportJobs,
      markdownImport: new MarkdownImportService({
        apply: () => ({
          db: ctx.db,
          events: ctx.events,
          pages: ctx.pages,
          tags: ctx.tags,
          storage: ctx.attachments.storage,
          userIdOf: (username) => ctx.users.findByUsername(username)?.id,
          maxFileSize: maxFileSize(ctx),
        }),
        workDir: ctx.archiveExport.dirs.work,
        limits: { ...DEFAULT_MARKDOWN_IMPORT_LIMITS, ...ctx.config.markdownImportLimits },
        notify: (event, payload) => ctx.live.toAdmins(event, payload),
        backup: async () => (await ctx.backups.backupNow('before-import')).name,
      }),
    };
  },
  routes: [{ plugin: markdownImportRoutes }, { plugin: markdownExportRoutes }],
  // Failures of imports and export jobs outside a request go to the health module: logged, and a
  // full disk marked as full.
  start(ctx) {
    ctx.markdownImport.log = (err, what) => ctx.events.emit('background:failed', { what, err });
  },
  audit: {
    routes: {
      'POST /_api/v3/markdown-import': { action: onSuccess('ADMIN_MARKDOWN_IMPORT') },
      'POST /_api/v3/page-bulk-export': {
        action: onSuccess('PAGE_MARKDOWN_EXPORT'),
        target: (ctx, request) => pagePath(ctx, str(bodyOf(request).pageId)),
      },
    },
  },
});
