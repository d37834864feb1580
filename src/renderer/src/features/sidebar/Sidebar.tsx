// The sidebar: Recent changes (the default), the page tree, bookmarks, and the wiki's own /Sidebar
// page. The chosen tab is remembered in the browser (SPEC §3 `sidebarContentsId`).
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Page } from '../../../../shared/api-types';
import { getPageByPath } from '../../api/page-tree';
import { MarkdownView } from '../../components/MarkdownView';
import { RecentChanges } from '../recent/RecentChanges';
import { PageTree } from '../tree/PageTree';
import { BookmarksList } from '../likes-bookmarks/BookmarksList';
import { useSession } from '../../stores/session';

type Tab = 'recent' | 'tree' | 'bookmarks' | 'custom';
const TABS: readonly string[] = ['recent', 'tree', 'bookmarks', 'custom'];
const CONTENTS_KEY = 'sidebarContentsId';

function storedTab(): Tab {
  const stored = localStorage.getItem(CONTENTS_KEY);
  return stored && TABS.includes(stored) ? (stored as Tab) : 'recent';
}

export function Sidebar() {
  const { t } = useTranslation();
  const [tab, setStateTab] = useState<Tab>(storedTab);
  const setTab = (next: Tab) => {
    localStorage.setItem(CONTENTS_KEY, next);
    setStateTab(next);
  };
  const [custom, setCustom] = useState<Page | null>(null);

  const sidebarPage = useSession((s) => s.config.sidebarPage ?? false);
  useEffect(() => {
    if (!sidebarPage) return;
    let cancelled = false;
    getPageByPath('/Sidebar').then(
      ({ page }) => !cancelled && setCustom(page),
      () => undefined, // no /Sidebar page: no tab
    );
    return () => {
      cancelled = true;
    };
  }, [sidebarPage]);

  const tabs: Tab[] = custom ? ['recent', 'tree', 'bookmarks', 'custom'] : ['recent', 'tree', 'bookmarks'];
  return (
    <div className="sidebar">
      <div className="sidebar-tabs" role="tablist">
        {tabs.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={tab === name}
            className={`sidebar-tab${tab === name ? ' active' : ''}`}
            onClick={() => setTab(name)}
          >
            {name === 'bookmarks' ? t('social.bookmarks') : t(`sidebar.${name}`)}
          </button>
        ))}
      </div>
      {tab === 'recent' && <RecentChanges />}
      {tab === 'tree' && <PageTree />}
      {tab === 'bookmarks' && <BookmarksList />}
      {tab === 'custom' && custom && (
        <div className="sidebar-custom">
          <MarkdownView body={custom.revision.body} />
        </div>
      )}
    </div>
  );
}
