// Live events: page changes, notification counts and admin progress pushed to open web apps.
import { defineModule } from '../../module';
import { LiveEventsHub } from './hub';
import realtimeRoutes from './routes';

declare module '../../context' {
  interface AppContext {
    live: LiveEventsHub;
  }
}

export default defineModule({
  name: 'realtime',
  // Last in the list: it hears a page event only after every other module's listener took it.
  services: (ctx) => ({ live: new LiveEventsHub(ctx) }),
  routes: [{ plugin: realtimeRoutes }],
  close: (ctx) => ctx.live.close(),
});
