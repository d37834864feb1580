// HTTP for the mail section of the app settings (admins only; GROWI's `/_api/v3/app-settings` routes):
// read (secrets masked), SMTP or SES settings, and a test mail to the admin.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context';
import { AppError } from '../../../lib/app-error';
import { requireAdmin } from '../../../lib/guards';
import { translatorOf } from '../../../lib/i18n';
import { sendMail, smtpTransport } from './mailer';
import {
  mailSettingsView,
  updateSesSettings,
  updateSmtpSettings,
  type SesSettingsUpdate,
  type SmtpSettingsUpdate,
} from './mail-settings';
import { jsonBody } from '../../../lib/schemas';

const EMAIL = { type: 'string', format: 'email', maxLength: 254 } as const;
const SHORT = { type: 'string', maxLength: 256 } as const;

export default async function mailSettingRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { settings } = ctx;

  app.get('/app-settings/mail-setting', async (request) => {
    requireAdmin(request);
    return { mailSettingParams: mailSettingsView(settings) };
  });

  app.put<{ Body: SmtpSettingsUpdate }>(
    '/app-settings/smtp-setting',
    jsonBody(
      {
        fromAddress: EMAIL,
        smtpHost: { type: 'string', minLength: 1, maxLength: 253, pattern: '^[^\\s/]+$' },
        smtpPort: {
          type: 'string',
          pattern: '^([1-9][0-9]{0,3}|[1-5][0-9]{4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-5])$',
        },
        smtpUser: { ...SHORT, default: '' },
        smtpPassword: SHORT,
      },
      { required: ['fromAddress', 'smtpHost', 'smtpPort'] },
    ),
    async (request) => {
      requireAdmin(request);
      return { mailSettingParams: settings.together(() => updateSmtpSettings(settings, request.body)) };
    },
  );

  app.put<{ Body: SesSettingsUpdate }>(
    '/app-settings/ses-setting',
    jsonBody(
      {
        fromAddress: EMAIL,
        sesAccessKeyId: { type: 'string', minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9]+$' },
        sesSecretAccessKey: SHORT,
        sesRegion: { type: 'string', maxLength: 32, pattern: '^[a-z0-9-]*$' },
      },
      { required: ['fromAddress', 'sesAccessKeyId'] },
    ),
    async (request) => {
      requireAdmin(request);
      return { mailSettingParams: settings.together(() => updateSesSettings(settings, request.body)) };
    },
  );

  app.post('/app-settings/smtp-test', async (request) => {
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
