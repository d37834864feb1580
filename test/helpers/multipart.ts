// Multipart bodies for app.inject: the bytes and content type a browser's FormData would send.
import type { Agent } from './server';

export interface FilePart {
  name: string;
  type: string;
  bytes: Uint8Array<ArrayBuffer> | string;
}

export async function multipartBody(
  fields: Record<string, string>,
  file?: FilePart,
  fileFirst = false,
): Promise<{ body: Buffer; contentType: string }> {
  const form = new FormData();
  const addFile = () => {
    if (file) form.append('file', new Blob([file.bytes], { type: file.type }), file.name);
  };
  if (fileFirst) addFile();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (!fileFirst) addFile();
  const response = new Response(form);
  return {
    body: Buffer.from(await response.arrayBuffer()),
    contentType: response.headers.get('content-type') ?? '',
  };
}

/** `POST /_api/v3/attachment` as the agent, with `page_id` then `file`. */
export async function uploadAs(agent: Agent, pageId: string, file: FilePart) {
  const { body, contentType } = await multipartBody({ page_id: pageId }, file);
  return agent.post('/_api/v3/attachment', body, { 'content-type': contentType });
}

export const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
