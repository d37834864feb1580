// HTTP for Markdown in: `POST /_api/v3/markdown-import` (multipart: the field `path`, then either
// one `file` — .zip, .tar.gz or .md — or many `files` whose names are paths inside a folder, as a
// browser sends a chosen folder; optionally `locale`, one Wiki.js locale folder to import) and
// `GET /_api/v3/markdown-import/status`. Administrators only.
import type { FastifyInstance } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { AppContext } from '../../context';
import { requireAdmin } from '../../lib/guards';
import { requestLang } from '../../lib/i18n';
import { contractRoute } from '../../lib/contract-route';
import { markdownImport, markdownImportStatus } from '../../../shared/contracts/markdown-io';
import { validatePagePath } from '../pages/service';
import { importError, uploadKindOf, type Stager } from './import-stage';
import { LOCALE_FOLDER } from './import-plan';

/** One uploaded archive: saved whole (a zip is read from its end), then unpacked into the stager. */
async function stageArchive(stager: Stager, name: string, file: Readable, isTruncated: () => boolean) {
  const kind = uploadKindOf(name);
  if (!kind) throw importError('not_markdown');
  if (kind === 'markdown') return stager.add(path.basename(name), file);
  const temp = `${stager.tree.root}.upload`;
  await pipeline(file, fs.createWriteStream(temp, { flags: 'wx' }));
  if (isTruncated()) throw importError('too_large_upload');
  try {
    await (kind === 'zip' ? stager.addZip(temp) : stager.addTarGz(temp));
  } finally {
    fs.rmSync(temp, { force: true });
  }
}

/** `locale`: empty (every folder as a path) or a locale folder's name such as `en` or `pt-BR`. */
function validLocale(value: string): string {
  const locale = value.trim();
  if (locale && !LOCALE_FOLDER.test(locale))
    throw importError('invalid_locale', { locale: locale.slice(0, 40) });
  return locale;
}

export async function markdownImportRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  await app.register(fastifyMultipart, { throwFileSizeLimit: false });

  contractRoute(app, markdownImport, async (request, reply) => {
    // A refused upload is not read: close the connection after the answer instead of draining it.
    reply.header('connection', 'close');
    const admin = requireAdmin(request);
    ctx.disk.assertRoom();
    if (!request.isMultipart()) throw importError('not_markdown');
    const limits = ctx.markdownImport.limits;
    const upload = ctx.markdownImport.begin();
    let parentPath: string | null = null;
    let locale = '';
    try {
      const parts = request.parts({
        preservePath: true,
        limits: { fileSize: limits.maxUpload, files: limits.maxEntries, fields: 4, fieldSize: 4096 },
      });
      for await (const part of parts) {
        if (part.type === 'field') {
          if (part.fieldname === 'path') parentPath = validatePagePath(String(part.value));
          if (part.fieldname === 'locale') locale = validLocale(String(part.value));
          continue;
        }
        if (part.fieldname === 'file') {
          await stageArchive(upload.stager, part.filename, part.file, () => part.file.truncated);
        } else if (part.fieldname === 'files') {
          await upload.stager.add(part.filename, part.file);
          if (part.file.truncated) throw importError('too_large_upload');
        } else {
          part.file.resume();
        }
      }
      upload.start(parentPath ?? '/', { id: admin.id, lang: requestLang(request) }, locale);
    } catch (err) {
      upload.discard();
      throw err;
    }
    reply.removeHeader('connection');
    return reply.status(202).send({ started: true, files: upload.stager.tree.files.length });
  });

  contractRoute(app, markdownImportStatus, async (request) => {
    requireAdmin(request);
    return ctx.markdownImport.status();
  });
}
