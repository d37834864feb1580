// /admin/app (GROWI's `/_api/v3/app-settings` routes; admins only): the wiki's name and language,
// its address, mail, and where attachments are stored. The general part is a settings group
// (server/modules/settings/section.ts checks at start that its fields are this body's).
import { Type } from '@sinclair/typebox';
import { LANGUAGES } from '../api-types';
import { FILE_UPLOAD_TYPES, GCS_NAMESPACE_PATTERN } from '../file-storage-types';
import { defineContract, Empty, Enum, Nullable, Ok, SettingsGroup } from './define';

const Lang = Enum(LANGUAGES, 'string');
const StorageType = Enum(FILE_UPLOAD_TYPES, 'string');

export const AppSettingParamsSchema = Type.Object({
  /** The wiki's name: tab and window titles. */
  title: Type.String(),
  /** A label shown in the navbar (e.g. "Internal"). */
  confidential: Type.String(),
  globalLang: Lang,
  isEmailPublishedForNewUser: Type.Boolean(),
});

const AppSettingAnswer = { 200: Type.Object({ appSettingParams: AppSettingParamsSchema }) };

export const appSetting = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/app-settings/app-setting',
  response: AppSettingAnswer,
});

/** GROWI's form also sends `fileUpload`, a switch its own server no longer reads: taken, not kept. */
export const appSettingUpdate = defineContract({
  api: 'v3',
  method: 'PUT',
  path: '/app-settings/app-setting',
  body: SettingsGroup(
    {
      title: Type.String({ maxLength: 100, minLength: 1, pattern: '\\S' }),
      confidential: Type.String({ maxLength: 100 }),
      globalLang: Lang,
      isEmailPublishedForNewUser: Type.Boolean(),
      fileUpload: Type.Boolean(),
    },
    ['title', 'confidential', 'globalLang', 'isEmailPublishedForNewUser'],
  ),
  response: AppSettingAnswer,
});

const SiteUrlAnswer = { 200: Type.Object({ siteUrlSettingParams: Type.Object({ siteUrl: Type.String() }) }) };

export const siteUrlSetting = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/app-settings/site-url-setting',
  response: SiteUrlAnswer,
});

/** '' clears the address. GROWI's form sends `envSiteUrl` (the environment's, read-only) too: ignored. */
export const siteUrlSettingUpdate = defineContract({
  api: 'v3',
  method: 'PUT',
  path: '/app-settings/site-url-setting',
  body: Type.Object(
    {
      siteUrl: Type.String({ maxLength: 2048 }),
      envSiteUrl: Type.Optional(Type.String({ maxLength: 2048 })),
    },
    { additionalProperties: false },
  ),
  response: SiteUrlAnswer,
});

/** The mail part, in GROWI's names: secrets are only said to be set. */
export const MailSettingsSchema = Type.Object({
  isMailerSetup: Type.Boolean(),
  fromAddress: Type.String(),
  transmissionMethod: Enum(['smtp', 'ses'] as const, 'string'),
  smtpHost: Type.String(),
  smtpPort: Type.String(),
  smtpUser: Type.String(),
  isSmtpPasswordSet: Type.Boolean(),
  sesAccessKeyId: Type.String(),
  isSesSecretAccessKeySet: Type.Boolean(),
  sesRegion: Type.String(),
  siteUrl: Type.String(),
});

const MailAnswer = { 200: Type.Object({ mailSettingParams: MailSettingsSchema }) };
const Email = Type.String({ format: 'email', maxLength: 254 });
const Short = Type.String({ maxLength: 256 });

export const mailSetting = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/app-settings/mail-setting',
  response: MailAnswer,
});

/** A password left out (or empty) keeps the stored one. */
export const smtpSettingUpdate = defineContract({
  api: 'v3',
  method: 'PUT',
  path: '/app-settings/smtp-setting',
  body: Type.Object({
    fromAddress: Email,
    smtpHost: Type.String({ minLength: 1, maxLength: 253, pattern: '^[^\\s/]+$' }),
    smtpPort: Type.String({
      pattern: '^([1-9][0-9]{0,3}|[1-5][0-9]{4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-5])$',
    }),
    smtpUser: Type.Optional(Type.String({ maxLength: 256, default: '' })),
    smtpPassword: Type.Optional(Short),
  }),
  response: MailAnswer,
});

/** A secret left out (or empty) keeps the stored one. */
export const sesSettingUpdate = defineContract({
  api: 'v3',
  method: 'PUT',
  path: '/app-settings/ses-setting',
  body: Type.Object({
    fromAddress: Email,
    sesAccessKeyId: Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9]+$' }),
    sesSecretAccessKey: Type.Optional(Short),
    sesRegion: Type.Optional(Type.String({ maxLength: 32, pattern: '^[a-z0-9-]*$' })),
  }),
  response: MailAnswer,
});

/** A test mail to the signed-in admin, sent at once; a failure answers 400 with the reason. */
export const smtpTest = defineContract({
  api: 'v3',
  method: 'POST',
  path: '/app-settings/smtp-test',
  response: { 200: Empty },
});

export const StorageMoveStatusSchema = Type.Object({
  state: Enum(['idle', 'running', 'done', 'failed'] as const, 'string'),
  from: Nullable(Type.String()),
  to: Nullable(Type.String()),
  total: Type.Integer(),
  copied: Type.Integer(),
  verified: Type.Integer(),
  /** Quire's own finding (translated by its code: `file_storage.problem_<code>`). */
  problem: Nullable(
    Type.Object({ code: Enum(['vanished', 'not_intact'] as const, 'string'), attachmentId: Type.String() }),
  ),
  /** The backend's own words. */
  error: Nullable(Type.String()),
  startedAt: Nullable(Type.String()),
  finishedAt: Nullable(Type.String()),
});

/** The file upload part, in GROWI's names: secrets are only said to be set. */
export const FileUploadSettingsSchema = Type.Object({
  fileUploadType: StorageType,
  s3Region: Type.String(),
  s3CustomEndpoint: Type.String(),
  s3Bucket: Type.String(),
  s3AccessKeyId: Type.String(),
  isS3SecretAccessKeySet: Type.Boolean(),
  s3ForcePathStyle: Type.Boolean(),
  /** True: Quire streams the bytes (relay); false: the browser is sent to a short-lived signed URL. */
  s3ReferenceFileWithRelayMode: Type.Boolean(),
  /** GCS through its own API: a service account key, as a file on the server or pasted (write-only). */
  gcsApiKeyJsonPath: Type.String(),
  isGcsApiKeyJsonSet: Type.Boolean(),
  gcsBucket: Type.String(),
  gcsUploadNamespace: Type.String(),
  gcsReferenceFileWithRelayMode: Type.Boolean(),
});

const FileUploadState = Type.Composite([
  FileUploadSettingsSchema,
  Type.Object({ moveStatus: StorageMoveStatusSchema }),
]);

/**
 * A storage's settings; GROWI's Azure fields are taken and not kept (Quire has no Azure backend:
 * choosing it is refused).
 */
const FileUploadBody = Type.Object({
  fileUploadType: StorageType,
  s3Region: Type.Optional(Type.String({ maxLength: 32 })),
  s3CustomEndpoint: Type.Optional(Type.String({ maxLength: 2048 })),
  s3Bucket: Type.Optional(Type.String({ maxLength: 63 })),
  s3AccessKeyId: Type.Optional(Type.String({ maxLength: 128, pattern: '^[A-Za-z0-9_./+=-]*$' })),
  s3SecretAccessKey: Type.Optional(Type.String({ maxLength: 256 })),
  s3ForcePathStyle: Type.Optional(Type.Boolean()),
  s3ReferenceFileWithRelayMode: Type.Optional(Type.Boolean()),
  gcsApiKeyJsonPath: Type.Optional(Type.String({ maxLength: 4096 })),
  gcsApiKeyJson: Type.Optional(Type.String({ maxLength: 20_000 })),
  gcsBucket: Type.Optional(Type.String({ maxLength: 222 })),
  gcsUploadNamespace: Type.Optional(Type.String({ maxLength: 512, pattern: GCS_NAMESPACE_PATTERN })),
  gcsReferenceFileWithRelayMode: Type.Optional(Type.Boolean()),
});

export const fileUploadSetting = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/app-settings/file-upload-setting',
  response: { 200: Type.Object({ fileUploadSettingParams: FileUploadState }) },
});

/** Another type starts the move (202); the switch happens once every file is verified there. */
export const fileUploadSettingUpdate = defineContract({
  api: 'v3',
  method: 'PUT',
  path: '/app-settings/file-upload-setting',
  growiPath: '/app-settings/file-upload-settings',
  body: FileUploadBody,
  response: {
    200: Type.Object({ responseParams: FileUploadState }),
    202: Type.Object({ responseParams: FileUploadState }),
  },
});

/** Tries the settings (a probe file written, read back, removed) without keeping them. */
export const fileUploadSettingTest = defineContract({
  api: 'v3',
  method: 'POST',
  path: '/app-settings/file-upload-setting/test',
  body: FileUploadBody,
  response: { 200: Type.Object({ ok: Ok }) },
});

export const fileUploadMove = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/app-settings/file-upload-setting/move',
  response: { 200: Type.Object({ moveStatus: StorageMoveStatusSchema }) },
});

/** GROWI's `GET /app-settings`: every part of the screen at once, as each part's own GET answers it. */
export const appSettings = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/app-settings',
  response: {
    200: Type.Object({
      appSettingsParams: Type.Composite([
        AppSettingParamsSchema,
        MailSettingsSchema,
        FileUploadSettingsSchema,
      ]),
    }),
  },
});
