// Co-editing: Yjs rooms per page over WebSockets, their drafts kept in the database.
import { defineModule } from '../../module';
import { CoeditService } from './service';
import { CoeditStore } from './store';
import coeditRoutes from './routes';

declare module '../../context' {
  interface AppContext {
    coedit: CoeditService;
  }
}

export default defineModule({
  name: 'coedit',
  tables: ['coedit_docs', 'coedit_updates'],
  services: ({ db, pages, users, events }, { dbFile }) => ({
    coedit: new CoeditService(new CoeditStore(db, dbFile), pages, users, events),
  }),
  routes: [{ plugin: coeditRoutes }],
  // Open rooms are flushed and their sockets told the server is going away.
  close: (ctx) => ctx.coedit.close(),
});
