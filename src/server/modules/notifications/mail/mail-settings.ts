// The mail section of the app settings (GROWI's keys and routes). Secrets are write-only: answers
// say whether one is set, never what it is; an empty or absent secret in an update keeps the old one.
import type { SettingsService } from '../../settings/service';
import { isMailerSetUp } from './mailer';
import type { MailSettingsView } from '../../../../shared/notification-types';
import type { BodyOf } from '../../../../shared/contracts/define';
import type { sesSettingUpdate, smtpSettingUpdate } from '../../../../shared/contracts/app-settings';

export type SmtpSettingsUpdate = BodyOf<typeof smtpSettingUpdate>;
export type SesSettingsUpdate = BodyOf<typeof sesSettingUpdate>;

export function mailSettingsView(settings: SettingsService): MailSettingsView {
  return {
    isMailerSetup: isMailerSetUp(settings),
    fromAddress: settings.get('mail:from'),
    transmissionMethod: settings.get('mail:transmissionMethod'),
    smtpHost: settings.get('mail:smtpHost'),
    smtpPort: settings.get('mail:smtpPort'),
    smtpUser: settings.get('mail:smtpUser'),
    isSmtpPasswordSet: settings.get('mail:smtpPassword') !== '',
    sesAccessKeyId: settings.get('mail:sesAccessKeyId'),
    isSesSecretAccessKeySet: settings.get('mail:sesSecretAccessKey') !== '',
    sesRegion: settings.get('mail:sesRegion'),
    siteUrl: settings.get('app:siteUrl'),
  };
}

export function updateSmtpSettings(settings: SettingsService, input: SmtpSettingsUpdate): MailSettingsView {
  settings.set('mail:transmissionMethod', 'smtp');
  settings.set('mail:from', input.fromAddress);
  settings.set('mail:smtpHost', input.smtpHost);
  settings.set('mail:smtpPort', input.smtpPort);
  settings.set('mail:smtpUser', input.smtpUser ?? '');
  if (input.smtpPassword) settings.set('mail:smtpPassword', input.smtpPassword);
  return mailSettingsView(settings);
}

export function updateSesSettings(settings: SettingsService, input: SesSettingsUpdate): MailSettingsView {
  settings.set('mail:transmissionMethod', 'ses');
  settings.set('mail:from', input.fromAddress);
  settings.set('mail:sesAccessKeyId', input.sesAccessKeyId);
  if (input.sesSecretAccessKey) settings.set('mail:sesSecretAccessKey', input.sesSecretAccessKey);
  if (input.sesRegion) settings.set('mail:sesRegion', input.sesRegion);
  return mailSettingsView(settings);
}
