// The macros' server side: lsx page lists and attachment refs.
import { defineModule } from '../../module';
import { LsxService } from './service';
import lsxRoutes from './routes';
import { attachmentRefsRoutes } from './refs-routes';

declare module '../../context' {
  interface AppContext {
    lsx: LsxService;
  }
}

export default defineModule({
  name: 'lsx',
  services: ({ db }) => ({ lsx: new LsxService(db) }),
  routes: [
    { plugin: lsxRoutes, prefix: '/_api' },
    { plugin: attachmentRefsRoutes, prefix: '/_api' },
  ],
});
