// The sidebar: Recent changes (the default), the page tree, and the wiki's own /Sidebar page.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Page } from '../../../../shared/api-types';
import { getPageByPath } from '../../api/page-tree';
import { MarkdownView } from '../../components/MarkdownView';
import { RecentChanges } from '../recent/RecentChanges';
import { PageTree } from '../tree/PageTree';

type Tab = 'recent' | 'tree' | 'custom';

export function Sidebar() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('recent');
  const [custom, setCustom] = useState<Page | null>(null);

  useEffect(() => {
    let cancelled = false;
    getPageByPath('/Sidebar').then(
      ({ page }) => !cancelled && setCustom(page),
      () => undefined, // no /Sidebar page: no tab
    );
    return () => {
      cancelled = true;
    };
  }, []);

  const tabs: Tab[] = custom ? ['recent', 'tree', 'custom'] : ['recent', 'tree'];
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
            {t(`sidebar.${name}`)}
          </button>
        ))}
      </div>
      {tab === 'recent' && <RecentChanges />}
      {tab === 'tree' && <PageTree />}
      {tab === 'custom' && custom && (
        <div className="sidebar-custom">
          <MarkdownView body={custom.revision.body} />
        </div>
      )}
    </div>
  );
}
