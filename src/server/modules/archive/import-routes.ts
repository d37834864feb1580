// HTTP for archive import, GROWI's routes (v3 envelopes). Administrators only.
import type { FastifyInstance } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import type { AppContext } from '../../context';
import { conflict } from '../../lib/app-error';
import { requireAdmin } from '../../lib/guards';
import { requestLang } from '../../lib/i18n';
import { IMPORT_MODES, type GrowiArchiveImportOption } from '../../../shared/archive-types';
import { archiveError } from '../../lib/zip-guard';
import { jsonBody } from '../../lib/schemas';

interface ImportBody {
  fileName: string;
  collections: string[];
  options: GrowiArchiveImportOption[];
}

const FLAG = { type: 'boolean' } as const;

/** Under /_api/v3. */
export async function archiveImportRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  // Scoped to this plugin: the upload is the only multipart route here.
  await app.register(fastifyMultipart, { throwFileSizeLimit: false });

  app.post('/import/upload', async (request, reply) => {
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
      return await ctx.archiveImport.upload({
        fileName: part.filename,
        stream: part.file,
        isTruncated: () => part.file.truncated,
      });
    } finally {
      part.file.resume(); // let the rest of the body drain so the reply is sent
    }
  });

  app.get('/import/status', async (request) => {
    requireAdmin(request);
    return ctx.archiveImport.status();
  });

  app.post<{ Body: ImportBody }>(
    '/import',
    jsonBody(
      {
        fileName: { type: 'string', minLength: 1, maxLength: 255 },
        collections: { type: 'array', items: { type: 'string', maxLength: 100 }, maxItems: 100 },
        options: {
          type: 'array',
          maxItems: 100,
          items: {
            type: 'object',
            required: ['collectionName', 'mode'],
            properties: {
              collectionName: { type: 'string', maxLength: 100 },
              mode: { type: 'string', enum: [...IMPORT_MODES] },
              isOverwriteAuthorWithCurrentUser: FLAG,
              makePublicForGrant2: FLAG,
              makePublicForGrant4: FLAG,
              makePublicForGrant5: FLAG,
              initPageMetadatas: FLAG,
            },
          },
        },
      },
      { required: ['fileName', 'collections', 'options'] },
    ),
    async (request) => {
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
    },
  );

  // Quire's own: what importing the upload's users would do, asked before the import starts.
  app.get<{ Querystring: { fileName: string; mode: 'insert' | 'upsert' } }>(
    '/import/people-preview',
    {
      schema: {
        querystring: {
          type: 'object',
          required: ['fileName', 'mode'],
          properties: {
            fileName: { type: 'string', minLength: 1, maxLength: 255 },
            mode: { type: 'string', enum: ['insert', 'upsert'] },
          },
        },
      },
    },
    async (request) => {
      const admin = requireAdmin(request);
      const { fileName, mode } = request.query;
      return { preview: await ctx.archiveImport.previewPeople(admin.id, fileName, mode) };
    },
  );

  // Quire's own: cancels the running import; it changes nothing (409 when none runs).
  app.post('/import/cancel', async (request) => {
    requireAdmin(request);
    if (!ctx.archiveImport.cancel()) throw conflict('import_not_running', 'archive.import_not_running');
    return {};
  });

  app.delete('/import/all', async (request) => {
    requireAdmin(request);
    ctx.archiveImport.discardAll();
    return {};
  });
}
