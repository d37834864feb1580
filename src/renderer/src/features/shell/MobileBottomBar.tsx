// SPEC §2's mobile bottom bar (below the medium breakpoint): the sidebar drawer, the search box (the
// navbar has none on a phone) and the New Page dialog.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/Icon';
import { mayEditPages } from '../../stores/permissions';
import { useSession } from '../../stores/session';
import { useSidebar } from '../../stores/sidebar';
import { useUi } from '../../stores/ui';
import { SearchBox } from '../search/SearchBox';

export function MobileBottomBar() {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const { isInstalled, restrictGuestMode } = useSession((s) => s.config);
  const sidebarPresent = useSidebar((s) => s.present);
  const drawerOpen = useSidebar((s) => s.drawerOpen);
  const toggleDrawer = useSidebar((s) => s.toggleDrawer);
  const openNewPage = useUi((s) => s.setNewPageOpen);
  const [searchOpen, setSearchOpen] = useState(false);
  if (!isInstalled) return null;
  const maySearch = user !== null || restrictGuestMode === 'Readonly';
  return (
    <nav className="bottom-bar" aria-label={t('bottom_bar.label')}>
      {searchOpen && maySearch && (
        <div className="bottom-bar-search">
          <SearchBox autoFocus />
        </div>
      )}
      <div className="bottom-bar-buttons">
        <button
          type="button"
          className="bottom-bar-button"
          aria-expanded={drawerOpen}
          disabled={!sidebarPresent}
          onClick={toggleDrawer}
        >
          <Icon name="menu" size={20} />
          {t('bottom_bar.menu')}
        </button>
        {maySearch && (
          <button
            type="button"
            className="bottom-bar-button"
            aria-expanded={searchOpen}
            onClick={() => setSearchOpen((open) => !open)}
          >
            <Icon name="search" size={20} />
            {t('bottom_bar.search')}
          </button>
        )}
        {mayEditPages(user) && (
          <button type="button" className="bottom-bar-button" onClick={() => openNewPage(true)}>
            <Icon name="plus" size={20} />
            {t('bottom_bar.create')}
          </button>
        )}
      </div>
    </nav>
  );
}
