// A page's history: its revisions, read and compared.
import { defineModule } from '../../module';
import { RevisionsService } from './service';
import revisionRoutes from './routes';
import { RevisionChanges } from './changes';

declare module '../../context' {
  interface AppContext {
    revisions: RevisionsService;
    revisionChanges: RevisionChanges;
  }
}

export default defineModule({
  name: 'revisions',
  services: ({ db, pages }) => ({
    revisions: new RevisionsService(db, pages),
    revisionChanges: new RevisionChanges(db.$client, pages),
  }),
  routes: [{ plugin: revisionRoutes }],
});
