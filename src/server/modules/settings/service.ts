// Admin settings stored in the database, read through an in-memory memo the database keeps true.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { settings } from '../../db/schema';
import { RowMemo } from '../../db/row-watch';
import type { Lang, RestrictGuestMode } from '../../../shared/api-types';
import type { RegistrationMode } from '../../../shared/account-types';
import type { PageCompleteDeletionAuthority } from '../../../shared/page-tree-types';
import { DEFAULT_MAX_FILE_SIZE } from '../../../shared/attachment-types';
import { SIGN_IN_SETTING_DEFAULTS } from '../auth/providers/settings';
import type { FileUploadType } from '../../../shared/file-storage-types';
import type { PageBreakSeparator } from '../../../shared/presentation';
import type { HighlightStyle, UiTheme } from '../../../shared/customize-types';

/** Every stored setting with its default (the defaults layer of the configuration). */
export const SETTING_DEFAULTS = {
  'app:title': 'Quire',
  'app:confidential': '',
  'security:restrictGuestMode': 'Readonly' as RestrictGuestMode,
  'security:sessionSecret': '',
  'security:pageCompleteDeletionAuthority': 'adminOnly' as PageCompleteDeletionAuthority,
  // A LAN wiki should not hand out accounts to whoever finds it: an admin approves by default.
  'security:registrationMode': 'Restricted' as RegistrationMode,
  'security:registrationWhitelist': [] as string[],
  'security:userUpperLimit': 0,
  // Issue 7: comments render single line breaks (SPEC §3), read-only users may not comment.
  'markdown:isEnabledLinebreaksInComments': true,
  'security:isRomUserAllowedToComment': false,
  /** GROWI's `disableLinkSharing`: share links neither work nor can be made while true. */
  'security:disableLinkSharing': false,
  /** Upload size limit in bytes (issue 7); env QUIRE_MAX_FILE_SIZE overrides it. */
  'app:maxFileSize': DEFAULT_MAX_FILE_SIZE,
  /** Issue 18, GROWI's key: installed plugins are used at all ("plugin loading", SPEC §2). */
  'plugin:isEnabledPlugins': true,
  /** Issue 18: the theme plugin in use, `<pluginId>/<themeId>`, or '' for Quire's own look. */
  'plugin:activeTheme': '',
  // GROWI's key: the address people use to reach the wiki. Links in mails and sign-in callback
  // URLs are built from it; empty: the request's own origin.
  'app:siteUrl': '',
  // Issue 16: Share on LAN (off: loopback only), and the mDNS host label won after conflicts.
  'app:shareOnLan': false,
  'app:mdnsHostname': '',
  /** HTTPS for the LAN: off, a certificate the admin provided, or one Quire generated (`<dataDir>/tls/`). */
  'app:lanHttps': 'off' as 'off' | 'provided' | 'self-signed',
  // Issue 14, GROWI's mail keys. Passwords and keys are write-only in the API (masked).
  'mail:from': '',
  'mail:transmissionMethod': 'smtp' as 'smtp' | 'ses',
  'mail:smtpHost': '',
  'mail:smtpPort': '',
  'mail:smtpUser': '',
  'mail:smtpPassword': '',
  'mail:sesAccessKeyId': '',
  'mail:sesSecretAccessKey': '',
  'mail:sesRegion': 'us-east-1',
  // Issue 14, GROWI's Slack keys (the "legacy" incoming webhook and token). Both write-only.
  'slack:incomingWebhookUrl': '',
  'slack:token': '',
  'slack:isIncomingWebhookPrioritized': false,
  // GROWI's switches: global notifications about owner-only and group pages (off by default).
  'notification:owner-page:isEnabled': false,
  'notification:group-page:isEnabled': false,
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
  // Issue 15, GROWI's key: the audit log records (on by default: a LAN host wants to know), and
  // how long entries are kept.
  // Issue 15, GROWI's keys: the language people see when neither their account nor their browser
  // names one Quire has, and whether new users show their e-mail address.
  'app:globalLang': 'en_US' as Lang,
  'customize:isEmailPublishedForNewUser': true,
  // Issue 15, GROWI's customize keys (/admin/customize).
  'customize:theme': 'default' as UiTheme,
  'customize:isContainerFluid': false,
  'customize:highlightJsStyle': 'github' as HighlightStyle,
  'customize:highlightJsStyleBorder': false,
  'customize:title': '',
  'customize:header': '',
  'customize:css': '',
  'customize:script': '',
  /** The custom script runs only while this is on (an explicit admin switch, with a warning). */
  'customize:isScriptEnabled': false,
  'app:auditLogEnabled': true,
  // GROWI's keys: single line breaks in pages as <br> (off: Markdown's own rule), and the editor's
  // indent — the admin's preferred size, forced on everyone or only a default.
  'markdown:isEnabledLinebreaks': false,
  // SPEC §3's PLANTUML_URI and BLOCKDIAG_URI: diagram servers; empty leaves those blocks as code.
  'app:plantumlUri': '',
  'app:blockdiagUri': '',
  'markdown:adminPreferredIndentSize': 4 as 2 | 4,
  'markdown:isIndentSizeForced': false,
  /** GROWI's keys: where presentation mode cuts slides (1 three blank lines, 2 five hyphens, 3 custom). */
  'markdown:presentation:pageBreakSeparator': 2 as PageBreakSeparator,
  'markdown:presentation:pageBreakCustomSeparator': '',
  'app:auditLogRetentionDays': 90,
  // Issue 26: the data folder's disk is low below 500 MB or 5 % free (whichever is more), and
  // uploads, imports, exports and backups are refused below 100 MB.
  'app:diskWarnMb': 500,
  'app:diskWarnPercent': 5,
  'app:diskFloorMb': 100,
  ...SIGN_IN_SETTING_DEFAULTS,
};
export type SettingKey = keyof typeof SETTING_DEFAULTS;
export type SettingValue<K extends SettingKey> = (typeof SETTING_DEFAULTS)[K];

/**
 * Settings read through a memo the database keeps true (db/row-watch.ts): any write to the table on
 * this connection forgets that key, and an import through another connection forgets them all.
 */
export class SettingsService {
  private readonly memo: RowMemo<unknown>;

  constructor(private readonly db: Db) {
    this.memo = new RowMemo(db.$client, [
      { table: 'settings', events: ['INSERT', 'UPDATE', 'DELETE'], key: 'key' },
    ]);
  }

  get<K extends SettingKey>(key: K): SettingValue<K> {
    return this.memo.get(key, () => {
      const row = this.db.select().from(settings).where(eq(settings.key, key)).get();
      return row ? (JSON.parse(row.value) as SettingValue<K>) : SETTING_DEFAULTS[key];
    }) as SettingValue<K>;
  }

  /** Several settings written at once: all of them, or none. */
  together<T>(write: () => T): T {
    return this.db.$client.transaction(write)();
  }

  set<K extends SettingKey>(key: K, value: SettingValue<K>): void {
    const json = JSON.stringify(value);
    this.db
      .insert(settings)
      .values({ key, value: json, updatedAt: new Date() })
      .onConflictDoUpdate({ target: settings.key, set: { value: json, updatedAt: new Date() } })
      .run();
  }
}
