// Comments on pages, and their settings.
import { defineModule } from '../../module';
import { CommentsService } from './service';
import commentRoutes from './routes';
import commentSettingRoutes from './setting-routes';

declare module '../../context' {
  interface AppContext {
    comments: CommentsService;
  }
}

export default defineModule({
  name: 'comments',
  services: ({ db, events }) => ({ comments: new CommentsService(db, events) }),
  routes: [{ plugin: commentSettingRoutes }, { plugin: commentRoutes, prefix: '/_api' }],
});
