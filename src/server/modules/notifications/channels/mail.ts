// The mail channel: one outbox row is one message, sent with the current mail settings.
import type { SettingsService } from '../../settings/service';
import { sendMail, type MailMessage } from '../mail/mailer';
import type { Channel } from '../worker';

export function mailChannel(settings: SettingsService): Channel {
  return {
    async deliver(payload) {
      await sendMail(settings, payload as MailMessage);
    },
  };
}
