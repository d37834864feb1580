// Admin security settings (`/admin/security`): guest mode and complete-deletion authority
// (general), registration mode, allowed e-mail domains and user limit (local), link sharing and
// the upload size limit (issue 7). Permission:
// requireAdmin on every route.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { badRequest } from '../../lib/app-error';
import { requireAdmin } from '../../lib/guards';
import { maxFileSize } from '../attachments/limits';
import { providerParams } from '../auth/setting-routes';
import type { SecurityParams } from '../../../shared/account-types';
import { contractRoute } from '../../lib/contract-route';
import {
  generalSetting,
  generalSettingUpdate,
  localSettingUpdate,
  securitySettings,
  shareLinkSettingUpdate,
  uploadLimitUpdate,
} from '../../../shared/contracts/security';

/** Allowed domains: one per entry, each `@domain`; blank entries are dropped. */
function cleanWhitelist(entries: string[]): string[] {
  const kept = entries.map((e) => e.trim().toLowerCase()).filter((e) => e !== '');
  if (kept.some((e) => !/^@[^\s@]+$/.test(e))) {
    throw badRequest('invalid', 'errors.syntax_invalid', { field: 'registrationWhitelist' });
  }
  return [...new Set(kept)];
}

export default async function securitySettingRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { settings } = ctx;
  const current = (): SecurityParams => ({
    ...providerParams(ctx),
    generalSetting: {
      restrictGuestMode: settings.get('security:restrictGuestMode'),
      pageCompleteDeletionAuthority: settings.get('security:pageCompleteDeletionAuthority'),
    },
    localSetting: {
      registrationMode: settings.get('security:registrationMode'),
      registrationWhitelist: settings.get('security:registrationWhitelist'),
      userUpperLimit: settings.get('security:userUpperLimit'),
      isPasswordResetEnabled: settings.get('security:passport-local:isPasswordResetEnabled'),
    },
    shareLinkSetting: { disableLinkSharing: settings.get('security:disableLinkSharing') },
    fileUploadSetting: { maxFileSize: maxFileSize(ctx), isFromEnv: ctx.config.maxFileSize !== null },
  });

  contractRoute(app, securitySettings, async (request) => {
    requireAdmin(request);
    return { securityParams: current() };
  });

  contractRoute(app, generalSetting, async (request) => {
    requireAdmin(request);
    return { generalSetting: current().generalSetting };
  });

  contractRoute(app, generalSettingUpdate, async (request) => {
    requireAdmin(request);
    const { restrictGuestMode, pageCompleteDeletionAuthority } = request.body;
    if (restrictGuestMode) settings.set('security:restrictGuestMode', restrictGuestMode);
    if (pageCompleteDeletionAuthority) {
      settings.set('security:pageCompleteDeletionAuthority', pageCompleteDeletionAuthority);
    }
    return { securitySettingParams: current().generalSetting };
  });

  contractRoute(app, localSettingUpdate, async (request) => {
    requireAdmin(request);
    const { registrationMode, registrationWhitelist, userUpperLimit, isPasswordResetEnabled } = request.body;
    const whitelist = registrationWhitelist && cleanWhitelist(registrationWhitelist);
    if (registrationMode) settings.set('security:registrationMode', registrationMode);
    if (whitelist) settings.set('security:registrationWhitelist', whitelist);
    if (userUpperLimit !== undefined) settings.set('security:userUpperLimit', userUpperLimit);
    if (isPasswordResetEnabled !== undefined) {
      settings.set('security:passport-local:isPasswordResetEnabled', isPasswordResetEnabled);
    }
    return { localSettingParams: current().localSetting };
  });
}

/** Issue 7: link sharing on or off, and the upload size limit. */
export async function attachmentSettingRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { settings } = ctx;
  contractRoute(app, shareLinkSettingUpdate, async (request) => {
    requireAdmin(request);
    settings.set('security:disableLinkSharing', request.body.disableLinkSharing);
    return { securitySettingParams: { disableLinkSharing: settings.get('security:disableLinkSharing') } };
  });

  contractRoute(app, uploadLimitUpdate, async (request) => {
    requireAdmin(request);
    // Stored even while QUIRE_MAX_FILE_SIZE decides: it takes effect once the variable is gone.
    settings.set('app:maxFileSize', request.body.maxFileSize);
    return {
      fileUploadSetting: { maxFileSize: maxFileSize(ctx), isFromEnv: ctx.config.maxFileSize !== null },
    };
  });
}
