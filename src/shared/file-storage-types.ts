// Attachment storage settings (issue 19; GROWI's file upload section of the app settings).

/** Where attachments live: this machine's folder, inside quire.db, an S3-compatible bucket, GCS. */
export const FILE_UPLOAD_TYPES = ['local', 'database', 'aws', 'gcs'] as const;
export type FileUploadType = (typeof FILE_UPLOAD_TYPES)[number];

export interface FileUploadSettingsView {
  fileUploadType: FileUploadType;
  s3Region: string;
  s3CustomEndpoint: string;
  s3Bucket: string;
  s3AccessKeyId: string;
  /** Never the secret: whether one is stored. */
  isS3SecretAccessKeySet: boolean;
  s3ForcePathStyle: boolean;
  /** True: Quire streams the bytes (relay); false: the browser is sent to a short-lived signed URL. */
  s3ReferenceFileWithRelayMode: boolean;
  /** GCS through its own API: a service account key, as a file on the server or pasted (write-only). */
  gcsApiKeyJsonPath: string;
  isGcsApiKeyJsonSet: boolean;
  gcsBucket: string;
  gcsUploadNamespace: string;
  gcsReferenceFileWithRelayMode: boolean;
}

export interface FileUploadSettingsUpdate {
  fileUploadType: FileUploadType;
  s3Region?: string;
  s3CustomEndpoint?: string;
  s3Bucket?: string;
  s3AccessKeyId?: string;
  s3SecretAccessKey?: string;
  s3ForcePathStyle?: boolean;
  s3ReferenceFileWithRelayMode?: boolean;
  gcsApiKeyJsonPath?: string;
  gcsApiKeyJson?: string;
  gcsBucket?: string;
  gcsUploadNamespace?: string;
  gcsReferenceFileWithRelayMode?: boolean;
}

/** A failure Quire found itself while moving (the translation key is `file_storage.problem_<code>`). */
export interface StorageProblem {
  code: 'vanished' | 'not_intact';
  attachmentId: string;
}

export interface StorageMoveStatus {
  state: 'idle' | 'running' | 'done' | 'failed';
  from: FileUploadType | null;
  to: FileUploadType | null;
  total: number;
  copied: number;
  verified: number;
  /** What went wrong: Quire's own finding (translated by its code), or the backend's own words. */
  problem: StorageProblem | null;
  error: string | null;
  startedAt: string | null;
  finishedAt: string | null;
}

/** SPEC §5: an AWS region is a region name (`us-east-1`, `ap-northeast-1`, `eu-central-2` …). */
export const AWS_REGION_PATTERN = '^[a-z]{2}(-gov|-iso[a-z]*)?-[a-z]+-\\d$';
/** SPEC §5: a custom endpoint starts with http(s):// and has no trailing slash. */
export const S3_ENDPOINT_PATTERN = '^https?://[^\\s/]+(/[^\\s]*[^/\\s])?$';
/** A GCS upload namespace: folder names of letters, digits, `.`, `_`, `-`, joined by `/`. */
export const GCS_NAMESPACE_PATTERN = '^([A-Za-z0-9._-]+(/[A-Za-z0-9._-]+)*)?$';
/** S3's bucket naming rule (3–63 lower-case letters, digits, dots, hyphens). */
export const S3_BUCKET_PATTERN = '^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$';
