// The mail of a password an admin reset (GROWI's admin/userResetPassword): the password and the
// wiki's address, in the user's language, queued in the outbox by the caller.
import { translatorOf } from '../../../lib/i18n';
import type { SettingsService } from '../../settings/service';
import type { MailMessage } from './mailer';

/** The mail of a password an admin reset (GROWI's admin/userResetPassword), in the user's language. */
export function adminResetMail(
  settings: SettingsService,
  user: { email: string; lang: string },
  password: string,
  url: string,
): MailMessage {
  const t = translatorOf(user.lang);
  const appTitle = settings.get('app:title');
  return {
    to: user.email,
    subject: t('notifications.admin_reset_subject', { appTitle }),
    text: t('notifications.admin_reset_text', { appTitle, password, url }),
  };
}
