// Where attachments live (issue 19): machine settings, never imported from an archive. Their keys
// are GROWI's unless said; settings/defaults.ts gathers every module's.
import type { FileUploadType } from '../../../shared/file-storage-types';

export const FILE_STORAGE_SETTINGS = {
  // Issue 19, GROWI's file upload keys: where attachments live and how they are delivered. The
  // type changes only through the move job (modules/file-storage/move.ts), never by itself.
  'app:fileUploadType': 'local' as FileUploadType,
  'aws:s3Region': '',
  'aws:s3CustomEndpoint': '',
  'aws:s3Bucket': '',
  'aws:s3AccessKeyId': '',
  'aws:s3SecretAccessKey': '',
  'aws:s3ForcePathStyle': false,
  /** GROWI's key: true streams through Quire (relay), false redirects to a signed URL. */
  'aws:referenceFileWithRelayMode': true,
  /** GCS through its own API: a key file on this machine, or the key itself (write-only). */
  'gcs:apiKeyJsonPath': '',
  'gcs:apiKeyJson': '',
  'gcs:bucket': '',
  'gcs:uploadNamespace': '',
  'gcs:referenceFileWithRelayMode': true,
};
