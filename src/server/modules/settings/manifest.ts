// Admin settings: the stored values every module reads, and the general settings screens' routes.
import { defineModule } from '../../module';
import { GENERAL_SETTINGS } from './setting-keys';
import { SettingsService } from './service';
import securitySettingRoutes, { attachmentSettingRoutes } from './security-routes';
import markdownSettingRoutes from './markdown-routes';
import customizeSettingRoutes from './customize-routes';
import appSettingRoutes from './app-setting-routes';
import siteUrlRoutes from './site-url-routes';

declare module '../../context' {
  interface AppContext {
    settings: SettingsService;
  }
}

export default defineModule({
  name: 'settings',
  tables: ['settings'],
  settings: GENERAL_SETTINGS,
  services: ({ db }) => ({ settings: new SettingsService(db) }),
  routes: [
    { plugin: securitySettingRoutes },
    { plugin: attachmentSettingRoutes },
    { plugin: markdownSettingRoutes },
    { plugin: customizeSettingRoutes },
    { plugin: appSettingRoutes },
    { plugin: siteUrlRoutes },
  ],
  audit: {
    families: [
      ['PUT', '/_api/v3/security-setting/', 'ADMIN_SECURITY_SETTINGS_UPDATE'],
      ['PUT', '/_api/v3/app-settings/', 'ADMIN_APP_SETTINGS_UPDATE'],
      ['PUT', '/_api/v3/customize-setting/', 'ADMIN_APP_SETTINGS_UPDATE'],
      ['PUT', '/_api/v3/markdown-setting/', 'ADMIN_APP_SETTINGS_UPDATE'],
    ],
  },
});
