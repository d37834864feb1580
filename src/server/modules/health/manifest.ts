// The server's health: the data folder's free space (issue 26), and what background work could not do.
import { defineModule } from '../../module';
import { DISK_SETTINGS } from './setting-keys';
import { isDiskFull } from '../../lib/disk-full';
import { DISK_EVENT } from '../../../shared/disk-types';
import { DiskWatch } from './disk-watch';
import healthRoutes from './routes';

declare module '../../context' {
  interface AppContext {
    /** The data folder's free space: low and full are told, heavy writes refused when full (issue 26). */
    disk: DiskWatch;
  }
}

export default defineModule({
  name: 'health',
  settings: DISK_SETTINGS,
  services: ({ config, settings, events }) => ({
    disk: new DiskWatch(config.dataDir, settings, (space) => events.emit('disk:changed', space)),
  }),
  routes: [{ plugin: healthRoutes }],
  start(ctx, app) {
    // Work outside requests that could not write: logged here (a full disk once a minute, not per try).
    let lastDiskFullLog = 0;
    const offBackgroundFailed = ctx.events.on('background:failed', ({ what, err }) => {
      if (!isDiskFull(err)) return app.log.error({ err }, what);
      ctx.disk.sawDiskFull();
      if (Date.now() - lastDiskFullLog < 60_000) return;
      lastDiskFullLog = Date.now();
      app.log.warn({ code: 'disk_full' }, `the data folder's disk is full: ${what}`);
    });
    // Admins' web apps learn at once when the disk becomes low, full or fine again.
    const offDisk = ctx.events.on('disk:changed', (space) => {
      ctx.live.toAdmins(DISK_EVENT, space);
      if (space.condition !== 'ok')
        app.log.warn({ disk: space }, `the data folder's disk is ${space.condition}`);
    });
    ctx.disk.start();
    return () => {
      ctx.disk.stop();
      offDisk();
      offBackgroundFailed();
    };
  },
});
