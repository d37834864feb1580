// HTTP for the Slack settings (admins only; GROWI's `/_api/v3/slack-integration-legacy-settings`)
// with a test message, and GROWI's `GET /_api/pages.updatePost` the editor reads its channels from.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context';
import { AppError, badRequest } from '../../../lib/app-error';
import { requireAdmin, requireUser } from '../../../lib/guards';
import { translatorOf } from '../../../lib/i18n';
import { legacyErrorHandler } from '../../../http/legacy-errors';
import { isWebhookUrl, slackSettingsView, updateSlackSettings } from './slack-settings';
import { postToSlack } from './slack-transport';
import { contractRoute } from '../../../lib/contract-route';
import {
  slackSettings,
  slackSettingsUpdate,
  slackTest,
  updatePostChannels,
} from '../../../../shared/contracts/notification-settings';

export default async function slackSettingRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { settings } = ctx;

  contractRoute(app, slackSettings, async (request) => {
    requireAdmin(request);
    return { slackIntegrationParams: slackSettingsView(settings) };
  });

  contractRoute(app, slackSettingsUpdate, async (request) => {
    requireAdmin(request);
    const { webhookUrl } = request.body;
    if (webhookUrl && !isWebhookUrl(webhookUrl))
      throw badRequest('invalid', 'errors.syntax_invalid', { field: 'webhookUrl' });
    const view = settings.together(() => updateSlackSettings(settings, request.body));
    return { responseParams: view };
  });

  contractRoute(app, slackTest, async (request) => {
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
  });
}

/** `GET /_api/pages.updatePost?path=`: the channels of the user-trigger patterns that match a path. */
export async function updatePostRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.setErrorHandler(legacyErrorHandler);
  contractRoute(app, updatePostChannels, async (request) => {
    // Permission: signed in (only editors save; patterns name channels, not pages).
    requireUser(request);
    return { ok: true as const, updatePost: ctx.notifications.rules.channelsFor(request.query.path) };
  });
}
