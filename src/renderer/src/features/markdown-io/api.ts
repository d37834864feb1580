// Markdown in and out: a page or a subtree as files, and folders of notes imported as pages.
import type { MarkdownExportJob, MarkdownImportStatus } from '../../../../shared/markdown-io-types';
import { api } from '../../api/client';

/** This page as a .md file, or (streamed to guests) the page and everything below it as a zip. */
export const markdownExportUrl = (pageId: string, format: 'md' | 'zip') =>
  `/_api/v3/page/export/${pageId}?format=${format}`;

export const exportJobDownloadUrl = (jobId: string) => `/_api/v3/page-bulk-export/${jobId}/download`;

export const startExportJob = async (pageId: string) =>
  (await api.post<{ job: MarkdownExportJob }>('/_api/v3/page-bulk-export', { pageId, format: 'md' })).job;

export const getExportJob = async (jobId: string) =>
  (await api.get<{ job: MarkdownExportJob }>(`/_api/v3/page-bulk-export/${jobId}`)).job;

export const getMarkdownImportStatus = () => api.get<MarkdownImportStatus>('/_api/v3/markdown-import/status');

/** Starts an import of the form's files under its `path`; progress comes over the live events. */
export const startMarkdownImport = (form: FormData) =>
  api.postForm<{ started: true }>('/_api/v3/markdown-import', form);
