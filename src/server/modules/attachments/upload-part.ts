// The one file of a multipart upload, for every upload route: refused before a byte is stored when
// the disk is below its floor (issue 26), or when no file comes; read within the upload limit.
import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import type { AppContext } from '../../context';
import { badRequest } from '../../lib/app-error';
import { maxFileSize } from './limits';

export async function uploadPart(
  ctx: AppContext,
  request: FastifyRequest,
): Promise<{ part: MultipartFile; limit: number }> {
  ctx.disk.assertRoom();
  if (!request.isMultipart()) throw badRequest('required', 'errors.required', { field: 'file' });
  const limit = maxFileSize(ctx);
  const part = await request.file({ limits: { fileSize: limit, files: 1, fields: 5, fieldSize: 1024 } });
  if (!part) throw badRequest('required', 'errors.required', { field: 'file' });
  return { part, limit };
}
