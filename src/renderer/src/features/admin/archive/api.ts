// The archive routes (GROWI's), as the export and importer screens call them.
import { api } from '../../../api/client';
import type {
  CollectionProgress,
  ExportStatus,
  GrowiArchiveImportOption,
  ImportError,
  ImportMode,
  ImportStatus,
  PeoplePreview,
  ZipFileStat,
} from '../../../../../shared/archive-types';

export interface ImportResult extends CollectionProgress {
  failedCount: number;
  errors: ImportError[];
}

export interface ImportOutcome {
  ok: boolean;
  message: string | null;
  backupFile: string | null;
  results: ImportResult[];
}

export const archiveApi = {
  collections: () =>
    api.get<{ collections: string[] }>('/_api/v3/mongo/collections').then((r) => r.collections),
  exportStatus: () => api.get<{ status: ExportStatus }>('/_api/v3/export/status').then((r) => r.status),
  startExport: (collections: string[], targetVersion: string | null) =>
    api.post<{ ok: true }>('/_api/v3/export', { collections, ...(targetVersion ? { targetVersion } : {}) }),
  deleteExport: (fileName: string) =>
    api.delete<{ ok: true }>(`/_api/v3/export/${encodeURIComponent(fileName)}`),
  downloadUrl: (fileName: string) => `/admin/export/${encodeURIComponent(fileName)}`,
  upload: (file: File) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return api.postForm<ZipFileStat>('/_api/v3/import/upload', form);
  },
  importStatus: () => api.get<ImportStatus & { lastOutcome: ImportOutcome | null }>('/_api/v3/import/status'),
  startImport: (fileName: string, collections: string[], options: GrowiArchiveImportOption[]) =>
    api.post<object>('/_api/v3/import', { fileName, collections, options }),
  discardAll: () => api.delete<object>('/_api/v3/import/all'),
  cancelImport: () => api.post<object>('/_api/v3/import/cancel', {}),
  previewPeople: (fileName: string, mode: ImportMode) =>
    api
      .get<{ preview: PeoplePreview }>(
        `/_api/v3/import/people-preview?${new URLSearchParams({ fileName, mode }).toString()}`,
      )
      .then((r) => r.preview),
};
