// Mail, Slack and global notification settings (issue 14). Their keys are GROWI's unless said;
// settings/defaults.ts gathers every module's.

export const NOTIFICATION_SETTINGS = {
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
};
