// GROWI's admin home route: system information for administrators; the whole app settings screen
// at once (GROWI's `GET /app-settings`); and Quire's disk settings
// (issue 26): when the data folder's disk counts as low, and below what heavy writes are refused.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { requireAdmin } from '../../lib/guards';
import { contractRoute } from '../../lib/contract-route';
import { adminHome, diskSettingsUpdate } from '../../../shared/contracts/admin';
import { appSettings } from '../../../shared/contracts/app-settings';
import { appSettingParams } from '../settings/app-setting-routes';
import { mailSettingsView } from '../notifications/mail/mail-settings';
import { fileUploadSettingsView } from '../file-storage/settings';

export default async function adminHomeRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const home = ctx.adminHome;
  contractRoute(app, adminHome, async (request) => {
    requireAdmin(request);
    return { adminHomeParams: await home.params() };
  });

  // GROWI's `GET /app-settings`: every part of the app settings screen in one object, as each
  // part's own GET answers it (secrets stay masked as there).
  contractRoute(app, appSettings, async (request) => {
    requireAdmin(request);
    const { settings } = ctx;
    return {
      appSettingsParams: {
        ...appSettingParams(settings),
        ...mailSettingsView(settings),
        ...fileUploadSettingsView(settings),
      },
    };
  });

  contractRoute(app, diskSettingsUpdate, async (request) => {
    requireAdmin(request);
    ctx.disk.setThresholds(request.body);
    return { adminHomeParams: await home.params() };
  });
}
