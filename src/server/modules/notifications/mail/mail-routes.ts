// HTTP for the mail section of the app settings (admins only; GROWI's `/_api/v3/app-settings` routes):
// read (secrets masked), SMTP or SES settings, and a test mail to the admin.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context';
import { AppError } from '../../../lib/app-error';
import { requireAdmin } from '../../../lib/guards';
import { translatorOf } from '../../../lib/i18n';
import { sendMail, smtpTransport } from './mailer';
import { mailSettingsView, updateSesSettings, updateSmtpSettings } from './mail-settings';
import { contractRoute } from '../../../lib/contract-route';
import {
  mailSetting,
  sesSettingUpdate,
  smtpSettingUpdate,
  smtpTest,
} from '../../../../shared/contracts/app-settings';

export default async function mailSettingRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { settings } = ctx;

  contractRoute(app, mailSetting, async (request) => {
    requireAdmin(request);
    return { mailSettingParams: mailSettingsView(settings) };
  });

  contractRoute(app, smtpSettingUpdate, async (request) => {
    requireAdmin(request);
    return { mailSettingParams: settings.together(() => updateSmtpSettings(settings, request.body)) };
  });

  contractRoute(app, sesSettingUpdate, async (request) => {
    requireAdmin(request);
    return { mailSettingParams: settings.together(() => updateSesSettings(settings, request.body)) };
  });

  contractRoute(app, smtpTest, async (request) => {
    const admin = requireAdmin(request);
    const t = translatorOf(admin.lang);
    const failed = (reason: string) =>
      new AppError(400, 'send-email-with-smtp-failed', 'notifications.smtp_test_failed', { reason });
    if (!settings.get('mail:from') || !settings.get('mail:smtpHost') || !settings.get('mail:smtpPort')) {
      throw failed(t('notifications.mail_not_set_up'));
    }
    try {
      // Sent now, not through the outbox: the admin is waiting for the answer.
      await sendMail(
        settings,
        {
          to: admin.email,
          subject: t('notifications.smtp_test_subject'),
          text: t('notifications.smtp_test_text'),
        },
        await smtpTransport(settings),
      );
    } catch (err) {
      throw failed(err instanceof Error ? err.message : String(err));
    }
    return {};
  });
}
