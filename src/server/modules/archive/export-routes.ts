// HTTP for archive export, GROWI's routes and its legacy `{ok}` envelopes. Administrators only.
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { badRequest } from '../../lib/app-error';
import { requireAdmin } from '../../lib/guards';
import { ARCHIVE_COLLECTIONS, isArchiveCollection } from '../../../shared/archive-types';
import { contentDisposition } from '../attachments/file-names';
import { jsonBody } from '../../lib/schemas';

interface ExportBody {
  collections: string[];
  targetVersion?: string;
}

const FILE_NAME = { type: 'string', minLength: 1, maxLength: 255 } as const;

/** Under /_api/v3. */
export async function archiveExportRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.get('/mongo/collections', async (request) => {
    requireAdmin(request);
    return { ok: true, collections: [...ARCHIVE_COLLECTIONS] };
  });

  app.get('/export/status', async (request) => {
    requireAdmin(request);
    return { ok: true, status: await ctx.archiveExport.status() };
  });

  app.post<{ Body: ExportBody }>(
    '/export',
    jsonBody(
      {
        collections: { type: 'array', items: { type: 'string', maxLength: 100 }, maxItems: 100 },
        targetVersion: { type: 'string', pattern: '^[0-9A-Za-z.+-]{1,40}$' },
      },
      { required: ['collections'] },
    ),
    async (request) => {
      requireAdmin(request);
      ctx.disk.assertRoom();
      const { collections, targetVersion } = request.body;
      if (collections.length === 0) throw badRequest('no_collection', 'archive.select_collections');
      const unknown = collections.find((c) => !isArchiveCollection(c));
      if (unknown !== undefined) throw badRequest('invalid_collections', 'archive.invalid_collections');
      void ctx.archiveExport.start(collections.filter(isArchiveCollection), targetVersion ?? null);
      return { ok: true };
    },
  );

  app.delete<{ Params: { fileName: string } }>(
    '/export/:fileName',
    { schema: { params: { type: 'object', required: ['fileName'], properties: { fileName: FILE_NAME } } } },
    async (request) => {
      requireAdmin(request);
      ctx.archiveExport.remove(request.params.fileName);
      return { ok: true };
    },
  );
}

/** `GET /admin/export/{fileName}`: the download, outside /_api as in GROWI. */
export async function archiveDownloadRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.get<{ Params: { fileName: string } }>(
    '/admin/export/:fileName',
    { schema: { params: { type: 'object', required: ['fileName'], properties: { fileName: FILE_NAME } } } },
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
