// HTTP for the Slack settings (admins only; GROWI's `/_api/v3/slack-integration-legacy-settings`)
// with a test message, and GROWI's `GET /_api/pages.updatePost` the editor reads its channels from.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context';
import { AppError, badRequest } from '../../../lib/app-error';
import { requireAdmin, requireUser } from '../../../lib/guards';
import { translatorOf } from '../../../lib/i18n';
import { legacyErrorHandler } from '../../../http/legacy-errors';
import { SLACK_CHANNEL_PATTERN, type SlackSettingsUpdate } from '../../../../shared/notification-rules';
import { isWebhookUrl, slackSettingsView, updateSlackSettings } from './slack-settings';
import { postToSlack } from './slack-transport';
import { jsonBody } from '../../../lib/schemas';

export default async function slackSettingRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { settings } = ctx;

  app.get('/slack-integration-legacy-settings', async (request) => {
    requireAdmin(request);
    return { slackIntegrationParams: slackSettingsView(settings) };
  });

  app.put<{ Body: SlackSettingsUpdate }>(
    '/slack-integration-legacy-settings',
    jsonBody(
      {
        webhookUrl: { type: 'string', maxLength: 2048 },
        slackToken: { type: 'string', maxLength: 256, pattern: '^(xox[a-z]-[A-Za-z0-9-]{8,})?$' },
        isIncomingWebhookPrioritized: { type: 'boolean' },
        clearWebhookUrl: { type: 'boolean' },
        clearSlackToken: { type: 'boolean' },
      },
      { required: ['isIncomingWebhookPrioritized'] },
    ),
    async (request) => {
      requireAdmin(request);
      const { webhookUrl } = request.body;
      if (webhookUrl && !isWebhookUrl(webhookUrl))
        throw badRequest('invalid', 'errors.syntax_invalid', { field: 'webhookUrl' });
      const view = settings.together(() => updateSlackSettings(settings, request.body));
      return { responseParams: view };
    },
  );

  app.post<{ Body: { channel: string } }>(
    '/slack-integration-legacy-settings/test',
    jsonBody({ channel: { type: 'string', pattern: SLACK_CHANNEL_PATTERN } }, { required: ['channel'] }),
    async (request) => {
      const admin = requireAdmin(request);
      const t = translatorOf(admin.lang);
      const failed = (reason: string) =>
        new AppError(400, 'send-slack-test-failed', 'notifications.slack_test_failed', { reason });
      if (!ctx.notifications.isSlackConfigured()) throw failed(t('notifications.slack_not_set_up'));
      try {
        // Sent now, not through the outbox: the admin is waiting for the answer.
        await postToSlack(settings, ctx.config.slackApiUrl, {
          channel: request.body.channel.replace(/^#/, ''),
          username: settings.get('app:title'),
          text: t('notifications.slack_test_text', {
            appTitle: settings.get('app:title'),
            interpolation: { escapeValue: false },
          }),
        });
      } catch (err) {
        throw failed(err instanceof Error ? err.message : String(err));
      }
      return {};
    },
  );
}

/** `GET /_api/pages.updatePost?path=`: the channels of the user-trigger patterns that match a path. */
export async function updatePostRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.setErrorHandler(legacyErrorHandler);
  app.get<{ Querystring: { path: string } }>(
    '/pages.updatePost',
    {
      schema: {
        querystring: {
          type: 'object',
          required: ['path'],
          properties: { path: { type: 'string', minLength: 1, maxLength: 2048 } },
        },
      },
    },
    async (request) => {
      // Permission: signed in (only editors save; patterns name channels, not pages).
      requireUser(request);
      return { ok: true, updatePost: ctx.notifications.rules.channelsFor(request.query.path) };
    },
  );
}
