// HTTP for Markdown out: `GET /_api/v3/page/export/{pageId}?format=md` (one page) or `format=zip`
// (the page and everything below it, streamed), and the same zip as a job with progress for
// signed-in users: `POST /_api/v3/page-bulk-export`, `GET …/{jobId}`, `GET …/{jobId}/download`.
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { requireReader, requireUser, userAccess } from '../../lib/guards';
import { requestLang, translator } from '../../lib/i18n';
import { contentDisposition } from '../attachments/file-names';
import { contractRoute } from '../../lib/contract-route';
import {
  bulkExportDownload,
  bulkExportJob,
  bulkExportStart,
  pageExport,
} from '../../../shared/contracts/markdown-io';

export default async function markdownExportRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { markdownExport: exporter, markdownExportJobs: jobs } = ctx;

  contractRoute(app, bulkExportStart, async (request, reply) => {
    // Permission: a signed-in user; each page through canReadPage in the service.
    const access = userAccess(request);
    ctx.disk.assertRoom();
    const job = jobs.start(access, access.viewer.id, request.body.pageId);
    return reply.status(202).send({ job });
  });

  contractRoute(app, bulkExportJob, async (request) => ({
    job: jobs.get(requireUser(request).id, request.params.jobId, translator(requestLang(request))),
  }));

  contractRoute(app, bulkExportDownload, async (request, reply) => {
    const file = jobs.file(requireUser(request).id, request.params.jobId);
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', contentDisposition('attachment', file.fileName))
      .header('cache-control', 'no-store')
      .send(fs.createReadStream(file.path));
  });

  contractRoute(app, pageExport, async (request, reply) => {
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
  });
}
