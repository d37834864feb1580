// Issue 26: administrators see, on every screen, when the disk of the computer running Quire is
// low or full — from the app configuration at start, then live as it changes.
import { useEffect } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '../../../../shared/attachment-types';
import { DISK_EVENT, type DiskSpace } from '../../../../shared/disk-types';
import { useSession } from '../../stores/session';
import { liveEvents } from '../realtime/live-events';

export function DiskSpaceBanner() {
  const { t } = useTranslation();
  const isAdmin = useSession((s) => s.user?.admin ?? false);
  const space = useSession((s) => s.config.disk ?? null);
  // Live changes go into the app configuration, where the admin home reads them too.
  useEffect(() => {
    if (!isAdmin) return;
    return liveEvents.subscribeAdmin(({ event, payload }) => {
      if (event !== DISK_EVENT) return;
      const session = useSession.getState();
      session.setConfig({ ...session.config, disk: payload as DiskSpace });
    });
  }, [isAdmin]);
  if (!isAdmin || !space || space.condition === 'ok') return null;
  return (
    <div
      className={`alert alert-${space.condition === 'full' ? 'error' : 'warning'} disk-banner`}
      role="alert"
    >
      {t(`disk.banner_${space.condition}`, { free: formatFileSize(space.freeBytes) })}{' '}
      <Link to="/admin">{t('disk.details')}</Link>
    </div>
  );
}
