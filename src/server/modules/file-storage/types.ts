// Where attachment files live (issue 19): one small interface behind every attachment path
// (upload, download, delete, share-link view, archive and Markdown export and import, backups).
import type { Readable } from 'node:stream';
import type { FileUploadType, StorageProblem } from '../../../shared/file-storage-types';

/** Quire's own finding about a backend (not the backend's error): translated where it is shown. */
export class StorageProblemError extends Error {
  constructor(
    /** A move's finding (told to the admin screen by code), or the settings probe's. */
    readonly code: StorageProblem['code'] | 'probe_unreadable' | 'probe_different',
    readonly attachmentId: string | null,
    detail: string,
  ) {
    super(detail);
  }
}

export interface StoredFile {
  size: number;
  /** False when the stream stopped at the size limit: nothing was kept. */
  complete: boolean;
}

export interface SignedUrlOptions {
  fileName: string;
  contentType: string;
  disposition: 'inline' | 'attachment';
  expiresInSeconds: number;
}

export interface AttachmentStorage {
  readonly kind: FileUploadType;
  /**
   * Stores a stream under `key`. `isTruncated` is asked after the stream ended (multipart's size
   * limit ends it early); when it says so, the partial file is removed and nothing is kept. A
   * reader never sees a partly written file.
   */
  put(key: string, stream: Readable, isTruncated: () => boolean): Promise<StoredFile>;
  /** The file's bytes, or null when it is gone. */
  open(key: string): Promise<Readable | null>;
  /** Removes the file; a missing file is not an error. */
  remove(key: string): Promise<void>;
  /**
   * Keys of files last written before `before` (the start-up sweep compares them with the
   * database; newer files may belong to an upload in progress).
   */
  keysBefore(before: Date): Promise<string[]>;
  /** Removes temporary files of uploads cut short before `before` (a crash mid-upload). */
  removeTemporaryBefore(before: Date): Promise<void>;
  /** A short-lived URL the browser fetches the file from (redirect delivery); absent: relay only. */
  signedUrl?(key: string, options: SignedUrlOptions): Promise<string>;
}

export const KEY = /^[0-9a-f]{24}$/;

/** Keys are ids made by the server; anything else never reaches a file system or a bucket. */
export function checkKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`invalid attachment key: ${key}`);
  return key;
}
