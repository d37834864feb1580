// Tags on pages.
import { defineModule } from '../../module';
import { TagsService } from './service';
import tagRoutes from './routes';

declare module '../../context' {
  interface AppContext {
    tags: TagsService;
  }
}

export default defineModule({
  name: 'tags',
  tables: ['tags', 'page_tags'],
  services: ({ db, events }) => ({ tags: new TagsService(db, events) }),
  routes: [{ plugin: tagRoutes, prefix: '/_api' }],
});
