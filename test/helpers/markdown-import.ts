// Markdown folders as other wikis leave them (zip, tar.gz, a browser's chosen folder), and the
// import through the HTTP API as the admin screen does it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as tar from 'tar';
import { zipOf as zipEntries } from './zip';
import { expect } from 'vitest';
import type { Agent, TestServer } from './server';
import type { MarkdownImportStatus } from '../../src/shared/markdown-io-types';

export type FileTree = Record<string, string | Buffer | { data: string | Buffer; comment?: string }>;

/** A zip of the files (entry comments where given), through the shared zip helper. */
export function zipOf(files: FileTree): Promise<Buffer> {
  return zipEntries(
    Object.entries(files).map(([name, value]) =>
      typeof value === 'string' || Buffer.isBuffer(value) ? { name, data: value } : { name, ...value },
    ),
  );
}

/** A tar.gz of the files; `links` adds symbolic links (name → target). */
export async function tarGzOf(files: FileTree, links: Record<string, string> = {}): Promise<Buffer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-tar-'));
  try {
    const names: string[] = [];
    for (const [name, value] of Object.entries(files)) {
      const data = typeof value === 'string' || Buffer.isBuffer(value) ? value : value.data;
      fs.mkdirSync(path.dirname(path.join(dir, 'src', name)), { recursive: true });
      fs.writeFileSync(path.join(dir, 'src', name), data);
      names.push(name);
    }
    for (const [name, target] of Object.entries(links)) {
      fs.symlinkSync(target, path.join(dir, 'src', name));
      names.push(name);
    }
    await tar.c({ gzip: true, cwd: path.join(dir, 'src'), file: path.join(dir, 'out.tar.gz') }, names);
    return fs.readFileSync(path.join(dir, 'out.tar.gz'));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The multipart body of an import: `path`, then one `file` or a folder's `files`. */
export async function importForm(
  parentPath: string,
  upload: { file: Buffer; name: string } | { folder: FileTree },
  locale?: string,
): Promise<{ body: Buffer; contentType: string }> {
  const form = new FormData();
  form.append('path', parentPath);
  if (locale !== undefined) form.append('locale', locale);
  if ('file' in upload) {
    form.append('file', new Blob([new Uint8Array(upload.file)]), upload.name);
  } else {
    for (const [name, value] of Object.entries(upload.folder)) {
      const data = typeof value === 'string' || Buffer.isBuffer(value) ? value : value.data;
      form.append('files', new Blob([new Uint8Array(Buffer.from(data))]), name);
    }
  }
  const response = new Response(form);
  return {
    body: Buffer.from(await response.arrayBuffer()),
    contentType: response.headers.get('content-type') ?? '',
  };
}

export async function postImport(
  agent: Agent,
  parentPath: string,
  upload: { file: Buffer; name: string } | { folder: FileTree },
  locale?: string,
) {
  const { body, contentType } = await importForm(parentPath, upload, locale);
  return agent.post('/_api/v3/markdown-import', body, { 'content-type': contentType });
}

/** Imports and waits for the end; returns how it ended. */
export async function importMarkdown(
  server: TestServer,
  admin: Agent,
  parentPath: string,
  upload: { file: Buffer; name: string } | { folder: FileTree },
  locale?: string,
): Promise<MarkdownImportStatus['last']> {
  const res = await postImport(admin, parentPath, upload, locale);
  expect(res.statusCode, res.body).toBe(202);
  await server.app.ctx.markdownImport.whenIdle();
  const status = (await admin.get('/_api/v3/markdown-import/status')).json<MarkdownImportStatus>();
  expect(status.isImporting).toBe(false);
  return status.last;
}
