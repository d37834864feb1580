// The admin settings screens' calls (GROWI's setting routes), typed: each answers what the server
// holds after the call. Administrators only, like the screens; the server checks again.
import type { Lang } from '../../../../shared/api-types';
import type { AdminHomeParams, AdminHomeResponse } from '../../../../shared/admin-home-types';
import type { AuditLogPage, AuditLogSettings, AuditSearchFilter } from '../../../../shared/audit-types';
import type { CustomizeParams } from '../../../../shared/customize-types';
import type { DiskSettings } from '../../../../shared/disk-types';
import type { FileUploadSettingsView, StorageMoveStatus } from '../../../../shared/file-storage-types';
import type { PresentationSettings } from '../../../../shared/presentation';
import type { HttpsChange, SharingState } from '../../../../shared/sharing';
import type { CommentSettings } from '../../../../shared/social-types';
import type { MailSettingsView } from '../../../../shared/notification-types';
import { api } from '../../api/client';

const APP = '/_api/v3/app-settings';
const MARKDOWN = '/_api/v3/markdown-setting';

export interface AppSettings {
  title: string;
  confidential: string;
  globalLang: Lang;
  isEmailPublishedForNewUser: boolean;
}
export const getAppSettings = async () =>
  (await api.get<{ appSettingParams: AppSettings }>(`${APP}/app-setting`)).appSettingParams;
export const saveAppSettings = async (form: AppSettings) =>
  (await api.put<{ appSettingParams: AppSettings }>(`${APP}/app-setting`, form)).appSettingParams;

type SiteUrlReply = { siteUrlSettingParams: { siteUrl: string } };
export const getSiteUrl = async () =>
  (await api.get<SiteUrlReply>(`${APP}/site-url-setting`)).siteUrlSettingParams.siteUrl;
export const saveSiteUrl = async (siteUrl: string) =>
  (await api.put<SiteUrlReply>(`${APP}/site-url-setting`, { siteUrl })).siteUrlSettingParams.siteUrl;

export type MailSettings = MailSettingsView;
type MailReply = { mailSettingParams: MailSettings };
export const getMailSettings = async () =>
  (await api.get<MailReply>(`${APP}/mail-setting`)).mailSettingParams;
/** Saves the SMTP or SES part; an empty `secret` keeps the stored password or key. */
export async function saveMailSettings(form: MailSettings, secret: string): Promise<MailSettings> {
  const reply =
    form.transmissionMethod === 'ses'
      ? await api.put<MailReply>(`${APP}/ses-setting`, {
          fromAddress: form.fromAddress,
          sesAccessKeyId: form.sesAccessKeyId,
          sesRegion: form.sesRegion,
          ...(secret ? { sesSecretAccessKey: secret } : {}),
        })
      : await api.put<MailReply>(`${APP}/smtp-setting`, {
          fromAddress: form.fromAddress,
          smtpHost: form.smtpHost,
          smtpPort: form.smtpPort,
          smtpUser: form.smtpUser,
          ...(secret ? { smtpPassword: secret } : {}),
        });
  return reply.mailSettingParams;
}
/** A test mail to the signed-in admin. */
export const sendTestMail = () => api.post(`${APP}/smtp-test`);

/** The file upload settings, and the move between backends under way or last done. */
export type FileUploadState = FileUploadSettingsView & { moveStatus: StorageMoveStatus };
export const getFileUploadSettings = async () =>
  (await api.get<{ fileUploadSettingParams: FileUploadState }>(`${APP}/file-upload-setting`))
    .fileUploadSettingParams;
export const saveFileUploadSettings = (body: object) => api.put(`${APP}/file-upload-setting`, body);
export const testFileUploadSettings = (body: object) => api.post(`${APP}/file-upload-setting/test`, body);

/** One page of the audit log (GROWI's `/activity`), filtered. */
export async function getAuditLog(filter: AuditSearchFilter, limit: number, offset: number) {
  const query = new URLSearchParams({ limit: String(limit), offset: String(offset) });
  if (Object.keys(filter).length) query.set('searchFilter', JSON.stringify(filter));
  return (await api.get<AuditLogPage>(`/_api/v3/activity?${query.toString()}`)).serializedPaginationResult;
}

export const getAuditLogSettings = async () =>
  (await api.get<{ auditLogSettings: AuditLogSettings }>('/_api/v3/audit-log/settings')).auditLogSettings;
export const saveAuditLogSettings = async (settings: AuditLogSettings) =>
  (await api.put<{ auditLogSettings: AuditLogSettings }>('/_api/v3/audit-log/settings', settings))
    .auditLogSettings;

export const getPresentationSettings = async (): Promise<PresentationSettings> => {
  const { markdownParams } = await api.get<{ markdownParams: PresentationSettings }>(MARKDOWN);
  return {
    pageBreakSeparator: markdownParams.pageBreakSeparator,
    pageBreakCustomSeparator: markdownParams.pageBreakCustomSeparator,
  };
};
export const savePresentationSettings = async (form: PresentationSettings) =>
  (await api.put<{ markdownParams: PresentationSettings }>(`${MARKDOWN}/presentation`, form)).markdownParams;

/** `lineBreak`, `indent` or `diagram-servers`: one part of the Markdown settings. */
export const saveMarkdownPart = async <T>(part: 'lineBreak' | 'indent' | 'diagram-servers', body: object) =>
  (await api.put<{ markdownParams: T }>(`${MARKDOWN}/${part}`, body)).markdownParams;

export const getCommentSettings = async () =>
  (await api.get<{ commentSettingParams: CommentSettings }>('/_api/v3/comment-setting')).commentSettingParams;
/** Any part of the comment settings. */
export const saveCommentSettings = async (settings: Partial<CommentSettings>) =>
  (await api.put<{ commentSettingParams: CommentSettings }>('/_api/v3/comment-setting', settings))
    .commentSettingParams;

export const getCustomizeSettings = async () =>
  (await api.get<{ customizeParams: CustomizeParams }>('/_api/v3/customize-setting')).customizeParams;
export const saveCustomizePart = async (part: string, body: object) =>
  (await api.put<{ customizedParams: CustomizeParams }>(`/_api/v3/customize-setting/${part}`, body))
    .customizedParams;

export const getAdminHome = async (): Promise<AdminHomeParams> =>
  (await api.get<AdminHomeResponse>('/_api/v3/admin-home/')).adminHomeParams;
export const saveDiskSettings = async (settings: DiskSettings): Promise<AdminHomeParams> =>
  (await api.put<AdminHomeResponse>('/_api/v3/admin-home/disk-settings', settings)).adminHomeParams;

export const saveHttps = async (change: HttpsChange): Promise<SharingState> =>
  (await api.put<{ sharing: SharingState }>('/_api/v3/sharing/https', change)).sharing;
