// The "forgot password" mail (issue 14): the single-use link and how long it lives, in the user's
// language, queued in the outbox.
import { translatorOf } from '../../../lib/i18n';
import type { SettingsService } from '../../settings/service';
import type { MailMessage } from './mailer';

export function passwordResetMail(
  settings: SettingsService,
  user: { email: string; lang: string },
  url: string,
  minutes: number,
): MailMessage {
  const t = translatorOf(user.lang);
  const appTitle = settings.get('app:title');
  return {
    to: user.email,
    subject: t('accounts.reset_mail_subject', { appTitle }),
    text: t('accounts.reset_mail_text', { appTitle, url, minutes }),
  };
}
