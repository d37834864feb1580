// The general part of the app settings (GROWI's `/_api/v3/app-settings/app-setting`; admins only):
// the wiki's name (tab and window titles), the confidential label (a banner in the navbar), the
// default language, and whether new users show their e-mail address. Applied at once.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { requireAdmin } from '../../lib/guards';
import type { SettingsService } from './service';
import { LANGUAGES, type Lang } from '../../../shared/api-types';

export interface AppSettingParams {
  title: string;
  confidential: string;
  globalLang: Lang;
  isEmailPublishedForNewUser: boolean;
}

export function appSettingParams(settings: SettingsService): AppSettingParams {
  return {
    title: settings.get('app:title'),
    confidential: settings.get('app:confidential'),
    globalLang: settings.get('app:globalLang'),
    isEmailPublishedForNewUser: settings.get('customize:isEmailPublishedForNewUser'),
  };
}

export default async function appSettingRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { settings } = ctx;
  app.get('/app-settings/app-setting', async (request) => {
    requireAdmin(request);
    return { appSettingParams: appSettingParams(settings) };
  });

  app.put<{ Body: AppSettingParams }>(
    '/app-settings/app-setting',
    {
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['title', 'confidential', 'globalLang', 'isEmailPublishedForNewUser'],
          properties: {
            title: { type: 'string', minLength: 1, maxLength: 100, pattern: '\\S' },
            confidential: { type: 'string', maxLength: 100 },
            globalLang: { type: 'string', enum: [...LANGUAGES] },
            isEmailPublishedForNewUser: { type: 'boolean' },
          },
        },
      },
    },
    async (request) => {
      requireAdmin(request);
      const body = request.body;
      ctx.settings.together(() => {
        settings.set('app:title', body.title.trim());
        settings.set('app:confidential', body.confidential.trim());
        settings.set('app:globalLang', body.globalLang);
        settings.set('customize:isEmailPublishedForNewUser', body.isEmailPublishedForNewUser);
      });
      return { appSettingParams: appSettingParams(settings) };
    },
  );
}
