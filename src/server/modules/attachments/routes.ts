// HTTP for attachments: the v3 API (upload, list, delete) and the file routes `/attachment/{id}`
// (inline only for safe raster images) and `/download/{id}` (always a download). Uploads are
// multipart, streamed to storage, never buffered whole.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyMultipart, { type MultipartFile } from '@fastify/multipart';
import { maxFileSize } from './limits';
import { uploadPart } from './upload-part';
import type { AppContext } from '../../context';
import { badRequest } from '../../lib/app-error';
import { editorAccess, requireReader, userAccess } from '../../lib/guards';
import { isInlineImage } from '../../../shared/attachment-types';
import { legacyErrorHandler } from '../../http/legacy-errors';
import { contentDisposition } from './file-names';
import { attachmentNotFound, type ReadAccess } from './service';
import { isId } from '../../lib/schemas';
import { contractRoute } from '../../lib/contract-route';
import {
  attachmentGet,
  attachmentLimit,
  attachmentList,
  attachmentRemove,
  attachmentUpload,
  legacyAttachmentRemove,
} from '../../../shared/contracts/attachments';

/** Served files never run script on the wiki's origin, whatever they contain. */
export const ATTACHMENT_CSP = "sandbox; default-src 'none'";

interface ShareQuery {
  shareLinkId?: string;
}

/** Who reads: the holder of a share link when one is given, else the request's own viewer. */
function readAccess(ctx: AppContext, request: FastifyRequest, shareLinkId: string | undefined): ReadAccess {
  if (shareLinkId) return { kind: 'shareLink', pageId: ctx.shareLinks.readablePageId(shareLinkId) };
  return { kind: 'viewer', ctx: requireReader(request) };
}

function fieldValue(part: MultipartFile, name: string): string | undefined {
  const field = part.fields[name];
  const one = Array.isArray(field) ? field[0] : field;
  return one && one.type === 'field' && typeof one.value === 'string' ? one.value : undefined;
}

/** API routes, under /_api/v3. */
export async function attachmentApiRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  // Scoped to this plugin: only the upload route accepts multipart bodies.
  await app.register(fastifyMultipart, { throwFileSizeLimit: false });

  // GROWI's `GET /attachment/limit`: whether a file of this size may be uploaded now (the size
  // limit, and room on the disk above its floor). Editors only, as the upload itself.
  contractRoute(app, attachmentLimit, async (request) => {
    editorAccess(request);
    const { fileSize } = request.query;
    let room = true;
    try {
      ctx.disk.assertRoom(fileSize);
    } catch {
      room = false;
    }
    return { isUploadable: fileSize <= maxFileSize(ctx) && room };
  });

  contractRoute(app, attachmentUpload, async (request) => {
    // Permission: signed in and not read-only, then canEditPage inside the service (before any byte is stored).
    const access = editorAccess(request);
    // The body of a refused upload is drained, not cut off, so the browser reads the answer and
    // can say it where the upload was.
    const { part, limit } = await uploadPart(ctx, request);
    try {
      // `page_id` must come before `file` in the form so permission is known before the bytes.
      const pageId = fieldValue(part, 'page_id');
      if (!pageId) throw badRequest('required', 'errors.required', { field: 'page_id' });
      if (!isId(pageId)) throw badRequest('invalid', 'errors.syntax_invalid', { field: 'page_id' });
      ctx.attachments.assertMayUpload(access, pageId);
      const attachment = await ctx.attachments.upload(access, {
        pageId,
        fileName: part.filename,
        mimeType: part.mimetype,
        stream: part.file,
        isTruncated: () => part.file.truncated,
        maxFileSize: limit,
      });
      // GROWI answers the page and its revision's id beside the file.
      const page = ctx.pages.get(access, { id: pageId });
      return { page, revision: page.revision._id, attachment };
    } catch (err) {
      part.file.resume(); // let the rest of the body drain so the error reply is sent
      throw err;
    }
  });

  // Permission: signed in; the uploader or an admin who may read the page, in the service.
  contractRoute(app, attachmentRemove, async (request) => ({
    deletedAttachment: await ctx.attachments.remove(userAccess(request), request.params.id),
  }));
}

/** The list and the facts of a page's files, under /_api/v3: in the read scope (issue 32). */
export async function attachmentReadRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  // Permission: canReadPage (or the share link of this very page) inside the service.
  contractRoute(app, attachmentList, async (request) => {
    const { pageId, shareLinkId, page, limit } = request.query;
    const { docs, totalDocs } = ctx.attachments.list(readAccess(ctx, request, shareLinkId), pageId, {
      page,
      limit,
    });
    return { paginateResult: { docs, totalDocs, limit, page, totalPages: Math.ceil(totalDocs / limit) } };
  });

  // Permission: canReadPage (or the share link) inside the service.
  contractRoute(app, attachmentGet, async (request) => ({
    attachment: ctx.attachments.get(readAccess(ctx, request, request.query.shareLinkId), request.params.id),
  }));
}

/** How long a signed URL of redirect delivery works: long enough to start a download, no more. */
const SIGNED_URL_SECONDS = 120;

/** `/attachment/{id}` and `/download/{id}` at the top level. */
export async function attachmentFileRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const serve = (mode: 'view' | 'download') =>
    async function (
      request: FastifyRequest<{ Params: { id: string }; Querystring: ShareQuery }>,
      reply: FastifyReply,
    ) {
      const { id } = request.params;
      const shareLinkId = request.query.shareLinkId;
      if (shareLinkId !== undefined && !isId(shareLinkId)) throw attachmentNotFound();
      // Permission: canReadPage (or the share link of the attachment's page) inside the service.
      const access = readAccess(ctx, request, shareLinkId);
      const attachment = ctx.attachments.get(access, id);
      const inline = mode === 'view' && isInlineImage(attachment.fileFormat);
      // Redirect delivery (issue 19): a short-lived signed URL, made only after the check above.
      const signed = await ctx.attachments.storage.redirectUrl(id, {
        fileName: attachment.originalName,
        contentType: inline ? attachment.fileFormat : 'application/octet-stream',
        disposition: inline ? 'inline' : 'attachment',
        expiresInSeconds: SIGNED_URL_SECONDS,
      });
      if (signed) {
        return reply
          .header('cache-control', 'no-store')
          .header('referrer-policy', 'no-referrer')
          .redirect(signed, 302);
      }
      const { stream } = await ctx.attachments.open(access, id);
      return reply
        .header('content-type', inline ? attachment.fileFormat : 'application/octet-stream')
        .header(
          'content-disposition',
          contentDisposition(inline ? 'inline' : 'attachment', attachment.originalName),
        )
        .header('content-security-policy', ATTACHMENT_CSP)
        .header('content-length', attachment.fileSize)
        .header('cache-control', 'private, no-cache')
        .send(stream);
    };
  // Only ids match: any other path below /attachment or /download stays a page path of the web app.
  app.get('/attachment/:id([0-9a-f]{24})', serve('view'));
  app.get('/download/:id([0-9a-f]{24})', serve('download'));
}

/** GROWI's older `POST /_api/attachments.remove {attachment_id}`, answering `{ ok: true }`. */
export async function legacyAttachmentRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.setErrorHandler(legacyErrorHandler);
  // Permission: as DELETE /_api/v3/attachment/{id}.
  contractRoute(app, legacyAttachmentRemove, async (request) => {
    await ctx.attachments.remove(userAccess(request), request.body.attachment_id);
    return { ok: true as const };
  });
}
