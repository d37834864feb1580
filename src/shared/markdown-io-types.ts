// Markdown out and in (issue 12), as the API answers and the screens show it. Out: a subtree's
// export job. In: a zip, a GROWI page bulk export (tar.gz), one .md file or a folder of Markdown
// imported under a chosen path.

/** What a file became, or why it did not become anything; each with the file it came from. */
export interface MarkdownImportRenamed {
  file: string;
  /** The path the file's name asked for (SPEC §5 refused it, or another file took it). */
  wanted: string;
  path: string;
}

export interface MarkdownImportSkipped {
  file: string;
  reason: 'page_exists' | 'not_linked' | 'too_large' | 'other_locale';
  /** The page path, for `page_exists`. */
  path?: string;
}

/**
 * A file that became a page, but not as it was: read in another encoding than UTF-8, empty, its
 * front matter not YAML (kept in the body), or its path differing from another's only in case.
 */
export interface MarkdownImportFlagged {
  file: string;
  reason: 'windows_1252' | 'utf_16' | 'empty' | 'invalid_front_matter' | 'case_clash';
  /** The page it became. */
  path: string;
  /** For `case_clash`: the other file (the one `[[links]]` by name reach). */
  other?: string;
}

export interface MarkdownImportReport {
  parentPath: string;
  pagesCreated: number;
  attachmentsCreated: number;
  renamed: MarkdownImportRenamed[];
  skipped: MarkdownImportSkipped[];
  flagged: MarkdownImportFlagged[];
  /** `[[links]]` no file of the import answered (they point where such a page would be). */
  unresolvedLinks: number;
  /** The complete backup taken before anything changed. */
  backupFile: string | null;
}

export interface MarkdownImportProgress {
  /** staging: reading the upload; backup: the backup before the import; applying: writing pages. */
  phase: 'staging' | 'backup' | 'applying';
  current: number;
  total: number;
}

export interface MarkdownImportStatus {
  isImporting: boolean;
  progress: MarkdownImportProgress | null;
  /** How the last import ended (since the server started). */
  last: { ok: true; report: MarkdownImportReport } | { ok: false; message: string } | null;
}

export const MARKDOWN_IMPORT_EVENTS = {
  progress: 'admin:onProgressForMarkdownImport',
  terminate: 'admin:onTerminateForMarkdownImport',
} as const;

/** Files an import reads as pages. */
export const MARKDOWN_EXTENSIONS = ['.md', '.markdown'] as const;

/** A Markdown export of a subtree running as a job (GROWI's page bulk export). */
export interface MarkdownExportJob {
  id: string;
  status: 'running' | 'done' | 'failed';
  /** Pages looked at so far, of `total`. */
  current: number;
  total: number;
  /** The zip's name for the download. */
  fileName: string;
  /** Pages in the zip (the reader's own), when done. */
  pages: number;
  message: string | null;
}
