// HTTP for Markdown out: `GET /_api/v3/page/export/{pageId}?format=md` (one page) or `format=zip`
// (the page and everything below it).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { requireReader } from '../../lib/guards';
import { contentDisposition } from '../attachments/file-names';
import { MarkdownExportService } from './export-service';

export default async function markdownExportRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const exporter = new MarkdownExportService(ctx.db, ctx.pages, ctx.tags, ctx.attachments);

  app.get<{ Params: { pageId: string }; Querystring: { format: 'md' | 'zip' } }>(
    '/page/export/:pageId',
    {
      schema: {
        params: {
          type: 'object',
          required: ['pageId'],
          properties: { pageId: { type: 'string', pattern: '^[0-9a-f]{24}$' } },
        },
        querystring: {
          type: 'object',
          properties: { format: { type: 'string', enum: ['md', 'zip'], default: 'md' } },
        },
      },
    },
    async (request, reply) => {
      // Permission: anyone who may read at all; each page through canReadPage in the service.
      const access = requireReader(request);
      if (request.query.format === 'zip') {
        const zip = exporter.subtree(access, request.params.pageId);
        return reply
          .header('content-type', 'application/zip')
          .header('content-disposition', contentDisposition('attachment', zip.fileName))
          .header('cache-control', 'no-store')
          .send(zip.stream);
      }
      const file = exporter.page(access, request.params.pageId);
      return reply
        .header('content-type', 'text/markdown; charset=utf-8')
        .header('content-disposition', contentDisposition('attachment', file.fileName))
        .header('cache-control', 'no-store')
        .send(file.content);
    },
  );
}
