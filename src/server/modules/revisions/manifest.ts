// A page's history: its revisions, read and compared.
import { defineModule } from '../../module';
import { RevisionsService } from './service';
import revisionRoutes from './routes';

declare module '../../context' {
  interface AppContext {
    revisions: RevisionsService;
  }
}

export default defineModule({
  name: 'revisions',
  services: ({ db, pages }) => ({ revisions: new RevisionsService(db, pages) }),
  routes: [{ plugin: revisionRoutes }],
});
