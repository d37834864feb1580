// Tags on pages.
import { defineModule } from '../../module';
import { TagsService } from './service';
import tagRoutes, { tagReadRoutes } from './routes';

declare module '../../context' {
  interface AppContext {
    tags: TagsService;
  }
}

export default defineModule({
  name: 'tags',
  tables: ['tags', 'page_tags'],
  services: ({ db, events, pages }) => ({ tags: new TagsService(db, pages, events) }),
  routes: [
    { plugin: tagRoutes, prefix: '/_api' },
    { plugin: tagReadRoutes, prefix: '/_api', scope: 'read' },
  ],
});
