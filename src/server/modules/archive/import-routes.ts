// HTTP for archive import, GROWI's routes (v3 envelopes). Administrators only.
import type { FastifyInstance } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import type { AppContext } from '../../context';
import { conflict } from '../../lib/app-error';
import { requireAdmin } from '../../lib/guards';
import { requestLang } from '../../lib/i18n';
import { archiveError } from '../../lib/zip-guard';
import { contractRoute } from '../../lib/contract-route';
import {
  importCancel,
  importDiscardAll,
  importPeoplePreview,
  importStart,
  importStatus,
  importUpload,
} from '../../../shared/contracts/archives';

/** Under /_api/v3. */
export async function archiveImportRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  // Scoped to this plugin: the upload is the only multipart route here.
  await app.register(fastifyMultipart, { throwFileSizeLimit: false });

  contractRoute(app, importUpload, async (request, reply) => {
    // A refused upload is not read: close the connection after the answer instead of draining it.
    reply.header('connection', 'close');
    requireAdmin(request);
    reply.removeHeader('connection');
    // A full disk is said, not cut off: the body drains and the browser shows the answer (issue 26).
    ctx.disk.assertRoom();
    if (!request.isMultipart()) throw archiveError('not_zip');
    const limit = ctx.archiveImport.limits.maxUpload;
    const part = await request.file({ limits: { fileSize: limit, files: 1, fields: 5, fieldSize: 1024 } });
    if (!part || part.fieldname !== 'file') {
      part?.file.resume();
      throw archiveError('not_zip');
    }
    try {
      const stat = await ctx.archiveImport.upload({
        fileName: part.filename,
        stream: part.file,
        isTruncated: () => part.file.truncated,
      });
      return { ...stat, zipFilePath: stat.fileName };
    } finally {
      part.file.resume(); // let the rest of the body drain so the reply is sent
    }
  });

  contractRoute(app, importStatus, async (request) => {
    requireAdmin(request);
    return ctx.archiveImport.status();
  });

  contractRoute(app, importStart, async (request) => {
    const admin = requireAdmin(request);
    ctx.disk.assertRoom();
    const { fileName, collections, options } = request.body;
    await ctx.archiveImport.start(
      { id: admin.id, lang: requestLang(request) },
      fileName,
      collections,
      options,
    );
    return {};
  });

  // Quire's own: what importing the upload's users would do, asked before the import starts.
  contractRoute(app, importPeoplePreview, async (request) => {
    const admin = requireAdmin(request);
    const { fileName, mode } = request.query;
    return { preview: await ctx.archiveImport.previewPeople(admin.id, fileName, mode) };
  });

  // Quire's own: cancels the running import; it changes nothing (409 when none runs).
  contractRoute(app, importCancel, async (request) => {
    requireAdmin(request);
    if (!ctx.archiveImport.cancel()) throw conflict('import_not_running', 'archive.import_not_running');
    return {};
  });

  contractRoute(app, importDiscardAll, async (request) => {
    requireAdmin(request);
    ctx.archiveImport.discardAll();
    return {};
  });
}
