// Sidebar mode switches of the personal dropdown (SPEC §2): drawer or dock, while viewing and while
// editing. Phones always use the drawer (SPEC §4), whatever these say.
import { useTranslation } from 'react-i18next';
import { useSidebar } from '../../stores/sidebar';

function ModeSwitch(props: { label: string; drawer: boolean; onChange: (drawer: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <label className="sidebar-mode-row">
      <span>{props.label}</span>
      <span className="theme-switch">
        <span className="muted">{t('nav.dock')}</span>
        <input
          type="checkbox"
          role="switch"
          className="switch"
          aria-label={t('nav.drawer_for', { mode: props.label })}
          checked={props.drawer}
          onChange={(event) => props.onChange(event.target.checked)}
        />
        <span className="muted">{t('nav.drawer')}</span>
      </span>
    </label>
  );
}

export function SidebarModeControls() {
  const { t } = useTranslation();
  const preferDrawer = useSidebar((s) => s.preferDrawer);
  const preferDrawerOnEdit = useSidebar((s) => s.preferDrawerOnEdit);
  const setPreferDrawer = useSidebar((s) => s.setPreferDrawer);
  const setPreferDrawerOnEdit = useSidebar((s) => s.setPreferDrawerOnEdit);
  return (
    <div className="color-mode" role="group" aria-label={t('nav.sidebar_mode')}>
      <div className="color-mode-title">{t('nav.sidebar_mode')}</div>
      <ModeSwitch label={t('nav.sidebar_view')} drawer={preferDrawer} onChange={setPreferDrawer} />
      <ModeSwitch
        label={t('nav.sidebar_edit')}
        drawer={preferDrawerOnEdit}
        onChange={setPreferDrawerOnEdit}
      />
    </div>
  );
}
