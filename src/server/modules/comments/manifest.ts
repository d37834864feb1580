// Comments on pages, and their settings.
import { defineModule } from '../../module';
import { COMMENT_SETTINGS } from './setting-keys';
import { CommentsService } from './service';
import commentRoutes, { commentReadRoutes } from './routes';
import commentSettingRoutes from './setting-routes';

declare module '../../context' {
  interface AppContext {
    comments: CommentsService;
  }
}

export default defineModule({
  name: 'comments',
  tables: ['comments'],
  settings: COMMENT_SETTINGS,
  services: ({ db, events, pages }) => ({ comments: new CommentsService(db, pages, events) }),
  routes: [
    { plugin: commentSettingRoutes },
    { plugin: commentRoutes, prefix: '/_api' },
    { plugin: commentReadRoutes, prefix: '/_api', scope: 'read' },
  ],
});
