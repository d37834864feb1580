// The invitation mail (GROWI's admin/userInvitation): the address, the temporary password and the
// wiki's address, in the invited user's language, queued in the outbox.
import type { FastifyRequest } from 'fastify';
import type { SettingsService } from '../../settings/service';
import { translatorOf } from '../../../lib/i18n';
import { siteUrlOf } from '../../../lib/site-url';
import type { MailMessage } from './mailer';

export function invitationMail(
  settings: SettingsService,
  invitee: { email: string; password: string; lang: string },
  url: string,
): MailMessage {
  const t = translatorOf(invitee.lang);
  const appTitle = settings.get('app:title');
  return {
    to: invitee.email,
    subject: t('notifications.invitation_subject', { appTitle }),
    text: t('notifications.invitation_text', {
      appTitle,
      email: invitee.email,
      password: invitee.password,
      url,
    }),
  };
}

/** Queues the invitation mail of each invited user (the admin ticked "send e-mail"). */
export function queueInvitationMails(
  ctx: { settings: SettingsService; notifications: { enqueueMail(key: string, message: MailMessage): void } },
  request: FastifyRequest,
  invited: { email: string; password: string; user: { _id: string } }[],
  lang: string,
): void {
  const url = siteUrlOf(ctx.settings, request);
  for (const created of invited) {
    const message = invitationMail(
      ctx.settings,
      { email: created.email, password: created.password, lang },
      url,
    );
    ctx.notifications.enqueueMail(`invitation:${created.user._id}:${Date.now()}`, message);
  }
}
