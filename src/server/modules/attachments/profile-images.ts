// Users' uploaded profile images (GROWI's `attachments.uploadProfileImage`): attachments of kind
// 'profile', on no page, read by anyone who may read the wiki. Images only; the upload limit holds.
import type { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { attachments } from '../../db/schema';
import { AppError, badRequest } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import { formatFileSize } from '../../../shared/attachment-types';
import type { ActiveStorage } from '../file-storage/registry';
import { cleanFileName, normaliseFormat } from './file-names';

/** Pictures every browser shows (no SVG: it may carry script). */
const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

export interface ProfileImageInput {
  fileName: string;
  mimeType: string;
  stream: Readable;
  isTruncated: () => boolean;
  maxFileSize: number;
}

export class ProfileImages {
  constructor(
    private readonly db: Db,
    private readonly storage: ActiveStorage,
  ) {}

  /** Stores the image; answers its attachment row as GROWI shows it. */
  async put(userId: string, input: ProfileImageInput) {
    const fileFormat = normaliseFormat(input.mimeType);
    if (!IMAGE_TYPES.has(fileFormat)) {
      input.stream.resume();
      throw badRequest('not_an_image', 'attachments.not_an_image');
    }
    const id = newId();
    const stored = await this.storage.put(id, input.stream, input.isTruncated);
    if (!stored.complete)
      throw new AppError(413, 'file_too_large', 'attachments.too_large', {
        limit: formatFileSize(input.maxFileSize),
      });
    const row = {
      id,
      pageId: null,
      creatorId: userId,
      originalName: cleanFileName(input.fileName),
      fileFormat,
      fileSize: stored.size,
      kind: 'profile' as const,
      createdAt: new Date(),
    };
    try {
      this.db.insert(attachments).values(row).run();
    } catch (err) {
      await this.storage.remove(id);
      throw err;
    }
    return {
      _id: id,
      id,
      fileFormat,
      fileName: id,
      originalName: row.originalName,
      creator: userId,
      page: null,
      fileSize: stored.size,
      createdAt: row.createdAt.toISOString(),
      filePathProxied: `/attachment/${id}`,
      downloadPathProxied: `/download/${id}`,
    };
  }

  /** Removes a profile image's row and file (nothing when it is not one). */
  async remove(id: string | null): Promise<void> {
    if (!id) return;
    const removed = this.db
      .delete(attachments)
      .where(and(eq(attachments.id, id), eq(attachments.kind, 'profile')))
      .run();
    if (removed.changes > 0) await this.storage.remove(id);
  }
}
