// Quire's plugins (issue 18): installed packages of themes, templates and scripts.
import path from 'node:path';
import { defineModule } from '../../module';
import { PLUGIN_SETTINGS } from './setting-keys';
import { PluginsService } from './service';
import { pluginApiRoutes, pluginFileRoutes } from './routes';

declare module '../../context' {
  interface AppContext {
    plugins: PluginsService;
  }
}

export default defineModule({
  name: 'plugins',
  tables: ['plugins'],
  settings: PLUGIN_SETTINGS,
  services: ({ config, db, settings }) => ({
    plugins: new PluginsService(db, path.join(config.dataDir, 'plugins'), settings),
  }),
  routes: [{ plugin: pluginApiRoutes }, { plugin: pluginFileRoutes, prefix: '' }],
  audit: {
    families: [
      ['PUT', '/_api/v3/plugins', 'ADMIN_PLUGIN_CHANGE'],
      ['POST', '/_api/v3/plugins', 'ADMIN_PLUGIN_CHANGE'],
      ['DELETE', '/_api/v3/plugins', 'ADMIN_PLUGIN_CHANGE'],
    ],
  },
});
