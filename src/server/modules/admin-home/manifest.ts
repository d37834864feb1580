// The admin home: system information, and the disk thresholds (issue 26).
import { defineModule } from '../../module';
import adminHomeRoutes from './routes';
import { AdminHomeService } from './service';

declare module '../../context' {
  interface AppContext {
    adminHome: AdminHomeService;
  }
}

export default defineModule({
  name: 'admin-home',
  services: ({ db, config, search, disk, pages, users, attachments }) => ({
    adminHome: new AdminHomeService(db, config.dataDir, search, process.env, disk, {
      pages,
      users,
      attachments,
    }),
  }),
  routes: [{ plugin: adminHomeRoutes }],
});
