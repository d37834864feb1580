// HTTP for archive export, GROWI's routes and its legacy `{ok}` envelopes. Administrators only.
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { badRequest } from '../../lib/app-error';
import { requireAdmin } from '../../lib/guards';
import { ARCHIVE_COLLECTIONS, isArchiveCollection } from '../../../shared/archive-types';
import { contentDisposition } from '../attachments/file-names';
import { contractRoute } from '../../lib/contract-route';
import {
  archiveCollections,
  exportRemove,
  exportStart,
  exportStatus,
} from '../../../shared/contracts/archives';

/** Under /_api/v3. */
export async function archiveExportRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  contractRoute(app, archiveCollections, async (request) => {
    requireAdmin(request);
    return { ok: true as const, collections: [...ARCHIVE_COLLECTIONS] };
  });

  contractRoute(app, exportStatus, async (request) => {
    requireAdmin(request);
    return { ok: true as const, status: await ctx.archiveExport.status() };
  });

  contractRoute(app, exportStart, async (request) => {
    requireAdmin(request);
    ctx.disk.assertRoom();
    const { collections, targetVersion } = request.body;
    if (collections.length === 0) throw badRequest('no_collection', 'archive.select_collections');
    const unknown = collections.find((c) => !isArchiveCollection(c));
    if (unknown !== undefined) throw badRequest('invalid_collections', 'archive.invalid_collections');
    void ctx.archiveExport.start(collections.filter(isArchiveCollection), targetVersion ?? null);
    return { ok: true as const };
  });

  contractRoute(app, exportRemove, async (request) => {
    requireAdmin(request);
    ctx.archiveExport.remove(request.params.fileName);
    return { ok: true as const };
  });
}

/** `GET /admin/export/{fileName}`: the download, outside /_api as in GROWI. */
export async function archiveDownloadRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.get<{ Params: { fileName: string } }>(
    '/admin/export/:fileName',
    { schema: { params: exportRemove.params } },
    async (request, reply) => {
      requireAdmin(request);
      const file = ctx.archiveExport.file(request.params.fileName);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', contentDisposition('attachment', request.params.fileName))
        .header('content-length', fs.statSync(file).size)
        .send(fs.createReadStream(file));
    },
  );
}
