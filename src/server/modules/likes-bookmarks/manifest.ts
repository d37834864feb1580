// Likes, bookmarks and "seen by" marks.
import { defineModule } from '../../module';
import { LikesBookmarksService } from './service';
import likesBookmarksRoutes from './routes';
import likesBookmarksReadRoutes from './read-routes';

declare module '../../context' {
  interface AppContext {
    likes: LikesBookmarksService;
  }
}

export default defineModule({
  name: 'likes-bookmarks',
  tables: ['likes', 'bookmarks', 'page_seen_users'],
  services: ({ db, events, pages, comments }) => ({
    likes: new LikesBookmarksService(db, pages, comments, events),
  }),
  routes: [{ plugin: likesBookmarksRoutes }, { plugin: likesBookmarksReadRoutes, scope: 'read' }],
  // Seen marks kept in memory are written.
  close: (ctx) => ctx.likes.flush(),
});
