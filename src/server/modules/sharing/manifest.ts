// Share on LAN (issue 16): the listening addresses, the Host and peer rules, mDNS and HTTPS.
import { version as quireVersion } from '../../../../package.json';
import { defineModule } from '../../module';
import { SHARING_SETTINGS } from './setting-keys';
import { CiaoAnnouncer } from './announcer';
import hostGuard from './host-guard';
import sharingRoutes from './routes';
import { REAL_MACHINE, SharingService } from './service';

declare module '../../context' {
  interface AppContext {
    sharing: SharingService;
  }
}

export default defineModule({
  name: 'sharing',
  settings: SHARING_SETTINGS,
  services: (ctx, { extras }) => ({
    sharing: new SharingService({
      config: ctx.config,
      db: ctx.db,
      settings: ctx.settings,
      events: ctx.events,
      live: () => ctx.live,
      network: extras.network ?? null,
      // null: never announce; by default the ciao responder, used only when `--announce` asks.
      announcer:
        extras.announcer !== undefined
          ? extras.announcer
          : ctx.config.announce && !ctx.config.discoveryOff
            ? new CiaoAnnouncer()
            : null,
      machine: extras.machine ?? REAL_MACHINE,
      appVersion: quireVersion,
    }),
  }),
  // Before sessions and every route: requests for a foreign Host, or from the LAN while not shared.
  hooks: [{ plugin: hostGuard, scope: 'root' }],
  routes: [{ plugin: sharingRoutes }],
  close: (ctx) => ctx.sharing.close(),
  audit: { families: [['PUT', '/_api/v3/sharing', 'ADMIN_SHARING_UPDATE']] },
});
