// The mail telling administrators that someone registered and waits for approval (Restricted
// registration, GROWI's admin/userWaitingActivation): one to each active administrator with an
// address, in their own language, through the outbox. Nothing is queued while mail is not set up:
// the Users screen lists the waiting user either way.
import { and, eq, ne } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../../db/client';
import { USER_STATUS } from '../../../db/schema';
import { translatorOf } from '../../../lib/i18n';
import { siteUrlOf } from '../../../lib/site-url';
import type { SettingsService } from '../../settings/service';
import type { UserRow } from '../../users/service';
import { isMailerSetUp, type MailMessage } from './mailer';
import { USERS } from '../../users/scopes';

interface Deps {
  db: Db;
  settings: SettingsService;
  notifications: { enqueueMail(key: string, message: MailMessage): void };
}

export function queueApprovalRequestMails(ctx: Deps, request: FastifyRequest, waiting: UserRow): number {
  if (!isMailerSetUp(ctx.settings)) return 0;
  const admins = ctx.db
    .select({ id: USERS.id, email: USERS.email, lang: USERS.lang })
    .from(USERS)
    .where(and(eq(USERS.admin, true), eq(USERS.status, USER_STATUS.active), ne(USERS.email, '')))
    .all();
  const appTitle = ctx.settings.get('app:title');
  const url = `${siteUrlOf(ctx.settings, request)}/admin/users`;
  for (const admin of admins) {
    const t = translatorOf(admin.lang);
    ctx.notifications.enqueueMail(`approval-request:${waiting.id}:${admin.id}`, {
      to: admin.email,
      subject: t('accounts.approval_mail_subject', { appTitle, username: waiting.username }),
      text: t('accounts.approval_mail_text', {
        appTitle,
        username: waiting.username,
        name: waiting.name,
        email: waiting.email,
        url,
      }),
    });
  }
  return admins.length;
}
