// Full-text search over every page (FlexSearch, in a worker from a size on), kept by page events.
import { defineModule } from '../../module';
import { SearchService } from './service';
import { legacySearchRoutes, searchReadRoutes, searchRoutes } from './routes';

declare module '../../context' {
  interface AppContext {
    search: SearchService;
  }
}

export default defineModule({
  name: 'search',
  services: ({ config, db, events }) => ({
    search: new SearchService(db, events, config.dataDir, config.searchWorkerMinPages),
  }),
  routes: [
    { plugin: searchRoutes },
    { plugin: searchReadRoutes, scope: 'read' },
    { plugin: legacySearchRoutes, prefix: '/_api', scope: 'read' },
  ],
  // Loads or builds the index after start-up, never delaying it.
  start: (ctx, app) => ctx.search.start(app.log),
  // The index applies its last changes and saves.
  close: (ctx) => ctx.search.close(),
});
