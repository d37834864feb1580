// Attachments (issue 7): payloads of `/_api/v3/attachment*`, GROWI's shapes.
import type { Static } from '@sinclair/typebox';
import type { AnswerOf } from './contracts/define';
import type { AttachmentSchema, attachmentList, attachmentUpload } from './contracts/attachments';

export type Attachment = Static<typeof AttachmentSchema>;
export type AttachmentCreator = NonNullable<Attachment['creator']>;
export type AttachmentUploadResponse = AnswerOf<typeof attachmentUpload>;
export type AttachmentListResponse = AnswerOf<typeof attachmentList>;

/** Raster images a browser shows inline with no way to run script; everything else is downloaded. */
export const INLINE_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

export function isInlineImage(fileFormat: string): boolean {
  return (INLINE_IMAGE_TYPES as readonly string[]).includes(fileFormat);
}

/** The Markdown an upload inserts into the editor: an image for safe images, a link otherwise. */
export function attachmentMarkdown(
  attachment: Pick<Attachment, 'originalName' | 'fileFormat' | 'filePathProxied'>,
): string {
  const label = attachment.originalName.replace(/[[\]\\]/g, '\\$&');
  const link = `[${label}](${attachment.filePathProxied})`;
  return isInlineImage(attachment.fileFormat) ? `!${link}` : link;
}

/** Default upload size limit: 10 MB (admin setting `app:maxFileSize`, env `QUIRE_MAX_FILE_SIZE`). */
export const DEFAULT_MAX_FILE_SIZE = 10 * 1024 * 1024;

/** 1536 → "1.5 KB". */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${Number(value.toFixed(1))} ${units[unit]}`;
}
