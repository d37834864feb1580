// Export and import through the HTTP API, as the admin screens do, for archive tests.
import { expect } from 'vitest';
import type { Agent, TestServer } from './server';
import {
  allowedModes,
  type ExportStatus,
  type GrowiArchiveImportOption,
  type ZipFileStat,
} from '../../src/shared/archive-types';
import type { ImportOutcome } from '../../src/server/modules/archive/import-service';

/** Exports these collections and returns the downloaded zip. */
export async function exportZip(server: TestServer, admin: Agent, collections: string[]): Promise<Buffer> {
  const started = await admin.post('/_api/v3/export', { collections });
  expect(started.statusCode, started.body).toBe(200);
  await server.app.ctx.archiveExport.whenIdle();
  const status = (await admin.get('/_api/v3/export/status')).json<{ status: ExportStatus }>().status;
  const fileName = status.zipFileStats[0]?.fileName ?? '';
  const res = await admin.get(`/admin/export/${encodeURIComponent(fileName)}`);
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

export async function multipartZip(bytes: Buffer, name: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/zip' }), name);
  const response = new Response(form);
  return {
    body: Buffer.from(await response.arrayBuffer()),
    contentType: response.headers.get('content-type') ?? '',
  };
}

export async function uploadZip(admin: Agent, bytes: Buffer, name = 'wiki.growi.zip') {
  const { body, contentType } = await multipartZip(bytes, name);
  return admin.post('/_api/v3/import/upload', body, { 'content-type': contentType });
}

/** Every collection with its default mode (GROWI's first allowed one) and no page flags. */
export function defaultOptions(collections: string[], flags: object = {}): GrowiArchiveImportOption[] {
  return collections.map((collectionName) => ({
    collectionName,
    mode: allowedModes(collectionName)[0] ?? 'insert',
    ...flags,
  }));
}

/** Uploads, imports with these options and waits; returns how it ended. */
export async function importZip(
  server: TestServer,
  admin: Agent,
  bytes: Buffer,
  collections: string[],
  options = defaultOptions(collections),
): Promise<ImportOutcome> {
  const uploaded = await uploadZip(admin, bytes);
  expect(uploaded.statusCode, uploaded.body).toBe(200);
  const { fileName } = uploaded.json<ZipFileStat>();
  const res = await admin.post('/_api/v3/import', { fileName, collections, options });
  expect(res.statusCode, res.body).toBe(200);
  await server.app.ctx.archiveImport.whenIdle();
  const status = (await admin.get('/_api/v3/import/status')).json<{ lastOutcome: ImportOutcome }>();
  return status.lastOutcome;
}
