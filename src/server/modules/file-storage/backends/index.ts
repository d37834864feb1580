// Every place attachment files can live, in the admin screen's order.
import type { FileUploadType } from '../../../../shared/file-storage-types';
import type { StorageBackend } from './backend';
import local from './local';
import database from './database';
import s3 from './s3';
import gcs from './gcs';

export const STORAGE_BACKENDS: readonly StorageBackend[] = [local, database, s3, gcs];

export function backendOf(type: FileUploadType): StorageBackend {
  const backend = STORAGE_BACKENDS.find((b) => b.type === type);
  if (!backend) throw new Error(`no storage backend of type ${type}`);
  return backend;
}
