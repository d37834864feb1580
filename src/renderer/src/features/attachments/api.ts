// Attachment calls (v3) and the addresses of files, with the share link when read through one.
import type {
  Attachment,
  AttachmentListResponse,
  AttachmentUploadResponse,
} from '../../../../shared/attachment-types';
import { api } from '../../api/client';

export async function uploadAttachment(pageId: string, file: File): Promise<Attachment> {
  const form = new FormData();
  // page_id first: the server checks permission before it reads the file.
  form.append('page_id', pageId);
  form.append('file', file, file.name);
  return (await api.postForm<AttachmentUploadResponse>('/_api/v3/attachment', form)).attachment;
}

export async function listAttachments(pageId: string, shareLinkId?: string): Promise<Attachment[]> {
  const share = shareLinkId ? `&shareLinkId=${shareLinkId}` : '';
  return (await api.get<AttachmentListResponse>(`/_api/v3/attachment/list?pageId=${pageId}${share}`))
    .paginateResult.docs;
}

export const deleteAttachment = (id: string) => api.delete(`/_api/v3/attachment/${id}`);

const FILE_PATH = /^\/(attachment|download)\/[0-9a-f]{24}$/;

/** A file address as seen through a share link: `/attachment/{id}?shareLinkId=…`; others unchanged. */
export function withShareLink(url: string, shareLinkId: string | undefined): string {
  return shareLinkId && FILE_PATH.test(url) ? `${url}?shareLinkId=${shareLinkId}` : url;
}
