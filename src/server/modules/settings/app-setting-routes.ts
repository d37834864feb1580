// The general part of the app settings (GROWI's `/_api/v3/app-settings/app-setting`; admins only):
// the wiki's name (tab and window titles), the confidential label (a banner in the navbar), the
// default language, and whether new users show their e-mail address. Applied at once.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { requireAdmin } from '../../lib/guards';
import type { SettingsService } from './service';
import { putSection, settingsSection } from './section';
import { contractRoute } from '../../lib/contract-route';
import { LANGUAGES } from '../../../shared/api-types';
import {
  appSetting,
  appSettingUpdate,
  type AppSettingParamsSchema,
} from '../../../shared/contracts/app-settings';
import type { Static } from '@sinclair/typebox';

export type AppSettingParams = Static<typeof AppSettingParamsSchema>;

const APP_SETTING = settingsSection({
  text: { title: 'app:title', confidential: 'app:confidential' },
  raw: { globalLang: { key: 'app:globalLang', schema: { type: 'string', enum: [...LANGUAGES] } } },
  flags: { isEmailPublishedForNewUser: 'customize:isEmailPublishedForNewUser' },
  required: ['title', 'confidential', 'globalLang', 'isEmailPublishedForNewUser'],
  maxLength: 100,
  schemaOf: { title: { minLength: 1, pattern: '\\S' } },
  ignored: { fileUpload: { type: 'boolean' } },
});

export const appSettingParams = (settings: SettingsService) =>
  APP_SETTING.read(settings) as unknown as AppSettingParams;

export default async function appSettingRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { settings } = ctx;
  const answer = () => ({ appSettingParams: appSettingParams(settings) });
  contractRoute(app, appSetting, async (request) => {
    requireAdmin(request);
    return answer();
  });
  putSection(app, settings, {
    path: appSettingUpdate.path,
    section: APP_SETTING,
    answer,
    contract: appSettingUpdate,
  });
}
