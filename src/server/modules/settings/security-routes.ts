// Admin security settings (`/admin/security`): guest mode and complete-deletion authority
// (general), registration mode, allowed e-mail domains and user limit (local), link sharing and
// the upload size limit (issue 7). Permission:
// requireAdmin on every route.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { badRequest } from '../../lib/app-error';
import { requireAdmin } from '../../lib/guards';
import { DELETION_AUTHORITIES } from '../../../shared/page-tree-types';
import { maxFileSize } from '../attachments/limits';
import { providerParams } from '../auth/setting-routes';
import {
  MAX_FILE_SIZE_CEILING,
  REGISTRATION_MODES,
  type FileUploadSettingUpdate,
  type ShareLinkSettingUpdate,
  type GeneralSettingUpdate,
  type LocalSettingUpdate,
  type SecurityParams,
  type SecurityParamsResponse,
} from '../../../shared/account-types';
import { jsonBody } from '../../lib/schemas';

const GENERAL_BODY = {
  type: 'object',
  minProperties: 1,
  properties: {
    restrictGuestMode: { type: 'string', enum: ['Deny', 'Readonly'] },
    pageCompleteDeletionAuthority: { type: 'string', enum: [...DELETION_AUTHORITIES] },
  },
} as const;
const LOCAL_BODY = {
  type: 'object',
  minProperties: 1,
  properties: {
    registrationMode: { type: 'string', enum: [...REGISTRATION_MODES] },
    registrationWhitelist: { type: 'array', maxItems: 500, items: { type: 'string', maxLength: 254 } },
    userUpperLimit: { type: 'integer', minimum: 0, maximum: 1_000_000 },
    isPasswordResetEnabled: { type: 'boolean' },
  },
} as const;

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

  app.get('/security-setting', async (request): Promise<SecurityParamsResponse> => {
    requireAdmin(request);
    return { securityParams: current() };
  });

  app.get('/security-setting/general-setting', async (request) => {
    requireAdmin(request);
    return { generalSetting: current().generalSetting };
  });

  app.put<{ Body: GeneralSettingUpdate }>(
    '/security-setting/general-setting',
    { schema: { body: GENERAL_BODY } },
    async (request) => {
      requireAdmin(request);
      const { restrictGuestMode, pageCompleteDeletionAuthority } = request.body;
      if (restrictGuestMode) settings.set('security:restrictGuestMode', restrictGuestMode);
      if (pageCompleteDeletionAuthority) {
        settings.set('security:pageCompleteDeletionAuthority', pageCompleteDeletionAuthority);
      }
      return { generalSetting: current().generalSetting };
    },
  );

  app.put<{ Body: LocalSettingUpdate }>(
    '/security-setting/local-setting',
    { schema: { body: LOCAL_BODY } },
    async (request) => {
      requireAdmin(request);
      const { registrationMode, registrationWhitelist, userUpperLimit, isPasswordResetEnabled } =
        request.body;
      const whitelist = registrationWhitelist && cleanWhitelist(registrationWhitelist);
      if (registrationMode) settings.set('security:registrationMode', registrationMode);
      if (whitelist) settings.set('security:registrationWhitelist', whitelist);
      if (userUpperLimit !== undefined) settings.set('security:userUpperLimit', userUpperLimit);
      if (isPasswordResetEnabled !== undefined) {
        settings.set('security:passport-local:isPasswordResetEnabled', isPasswordResetEnabled);
      }
      return { localSetting: current().localSetting };
    },
  );
}

/** Issue 7: link sharing on or off, and the upload size limit. */
export async function attachmentSettingRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { settings } = ctx;
  app.put<{ Body: ShareLinkSettingUpdate }>(
    '/security-setting/share-link-setting',
    jsonBody({ disableLinkSharing: { type: 'boolean' } }, { required: ['disableLinkSharing'] }),
    async (request) => {
      requireAdmin(request);
      settings.set('security:disableLinkSharing', request.body.disableLinkSharing);
      const shareLinkSetting = { disableLinkSharing: settings.get('security:disableLinkSharing') };
      // GROWI's key, and the one Quire's web app reads.
      return { securitySettingParams: shareLinkSetting, shareLinkSetting };
    },
  );

  app.put<{ Body: FileUploadSettingUpdate }>(
    '/security-setting/file-upload-setting',
    jsonBody(
      { maxFileSize: { type: 'integer', minimum: 1, maximum: MAX_FILE_SIZE_CEILING } },
      { required: ['maxFileSize'] },
    ),
    async (request) => {
      requireAdmin(request);
      // Stored even while QUIRE_MAX_FILE_SIZE decides: it takes effect once the variable is gone.
      settings.set('app:maxFileSize', request.body.maxFileSize);
      return {
        fileUploadSetting: { maxFileSize: maxFileSize(ctx), isFromEnv: ctx.config.maxFileSize !== null },
      };
    },
  );
}
