// The sidebar's place beside a page: docked, or a drawer (SPEC §4) that the bottom bar or the
// navbar's menu button opens. While it is on screen the drawer has something to show.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSidebar } from '../../stores/sidebar';
import { Sidebar } from './Sidebar';

export function SidebarAside() {
  const { t } = useTranslation();
  useEffect(() => {
    useSidebar.getState().setPresent(true);
    return () => useSidebar.getState().setPresent(false);
  }, []);
  return (
    <aside className="side" aria-label={t('bottom_bar.sidebar')}>
      <Sidebar />
    </aside>
  );
}
