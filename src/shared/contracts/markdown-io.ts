// Markdown out: one page as a `.md` file, or the page and everything below it as a zip (GROWI's
// `GET /page/export/{pageId}`), and the same zip as a job with progress (GROWI's page bulk
// export). Each page goes through the reader's own permission: a zip holds only what they may read.
// Markdown in (admins): a zip, a GROWI page bulk export, one .md file or a folder, under a path.
import { Type } from '@sinclair/typebox';
import { defineContract, Enum, Id, Nullable } from './define';

export const pageExport = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/page/export/{pageId}',
  params: Type.Object({ pageId: Id }),
  querystring: Type.Object({ format: Type.Optional(Enum(['md', 'zip'] as const, 'string', 'md')) }),
  /** The file itself (`text/markdown` or `application/zip`, as an attachment), sent as bytes. */
  response: { 200: Type.String({ description: "the page's Markdown, or the zip's bytes" }) },
});

export const MarkdownExportJobSchema = Type.Object({
  id: Type.String(),
  status: Enum(['running', 'done', 'failed'] as const, 'string'),
  /** Pages looked at so far, of `total`. */
  current: Type.Integer(),
  total: Type.Integer(),
  /** The zip's name for the download. */
  fileName: Type.String(),
  /** Pages in the zip (the reader's own), when done. */
  pages: Type.Integer(),
  message: Nullable(Type.String()),
});

const JobParams = Type.Object({ jobId: Id });

export const bulkExportStart = defineContract({
  api: 'v3',
  method: 'POST',
  path: '/page-bulk-export',
  body: Type.Object({ pageId: Id, format: Type.Optional(Enum(['md'] as const, 'string')) }),
  response: { 202: Type.Object({ job: MarkdownExportJobSchema }) },
});

export const bulkExportJob = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/page-bulk-export/{jobId}',
  params: JobParams,
  response: { 200: Type.Object({ job: MarkdownExportJobSchema }) },
});

/** The finished zip, sent as bytes. */
export const bulkExportDownload = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/page-bulk-export/{jobId}/download',
  params: JobParams,
  response: { 200: Type.String({ description: "the zip's bytes" }) },
});

/**
 * Multipart: the field `path`, then one `file` (.zip, .tar.gz or .md) or many `files` whose names
 * are paths inside a folder, as a browser sends a chosen folder. The route reads the parts itself.
 */
export const markdownImport = defineContract({
  api: 'v3',
  method: 'POST',
  path: '/markdown-import',
  response: { 202: Type.Object({ started: Type.Literal(true), files: Type.Integer() }) },
});

const Report = Type.Object({
  parentPath: Type.String(),
  pagesCreated: Type.Integer(),
  attachmentsCreated: Type.Integer(),
  /** Files whose name asked for a path SPEC §5 refused, or another file took. */
  renamed: Type.Array(Type.Object({ file: Type.String(), wanted: Type.String(), path: Type.String() })),
  skipped: Type.Array(
    Type.Object({
      file: Type.String(),
      reason: Enum(['page_exists', 'not_linked', 'too_large', 'other_locale'] as const, 'string'),
      path: Type.Optional(Type.String()),
    }),
  ),
  /** Files that became pages with a remark: another encoding, empty, front matter not YAML, letter case. */
  flagged: Type.Array(
    Type.Object({
      file: Type.String(),
      reason: Enum(
        ['windows_1252', 'utf_16', 'empty', 'invalid_front_matter', 'case_clash'] as const,
        'string',
      ),
      path: Type.String(),
      other: Type.Optional(Type.String()),
    }),
  ),
  /** `[[links]]` no file of the import answered. */
  unresolvedLinks: Type.Integer(),
  /** The complete backup taken before anything changed. */
  backupFile: Nullable(Type.String()),
});

export const markdownImportStatus = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/markdown-import/status',
  response: {
    200: Type.Object({
      isImporting: Type.Boolean(),
      progress: Nullable(
        Type.Object({
          phase: Enum(['staging', 'backup', 'applying'] as const, 'string'),
          current: Type.Integer(),
          total: Type.Integer(),
        }),
      ),
      /** How the last import ended (since the server started). */
      last: Nullable(
        Type.Object({
          ok: Type.Boolean(),
          report: Type.Optional(Report),
          message: Type.Optional(Type.String()),
        }),
      ),
    }),
  },
});
