// The personal dropdown (SPEC §2): avatar, name, username, e-mail, Home, Settings, sidebar mode, colour mode,
// Sign out (a navigation to /logout, SPEC §7).
import { useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { CurrentUser } from '../../../../shared/api-types';
import { pathToUrl, userPageRoot } from '../../../../shared/page-path';
import { Icon } from '../../components/Icon';
import { useDismiss } from '../../components/useDismiss';
import { ColorModeControls } from './ColorModeControls';
import { SidebarModeControls } from './SidebarModeControls';

export const DEFAULT_AVATAR = '/images/icons/user.svg';

export function UserMenu({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const location = useLocation();
  const [closedAt, setClosedAt] = useState(location.key);

  // Any navigation closes the menu.
  if (closedAt !== location.key) {
    setClosedAt(location.key);
    setOpen(false);
  }

  const close = useCallback(() => setOpen(false), []);
  useDismiss(rootRef, open, close);

  return (
    <div className="user-menu" ref={rootRef}>
      <button
        type="button"
        className="avatar-button"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={t('nav.user_menu')}
        onClick={() => setOpen((value) => !value)}
      >
        <img className="avatar" src={DEFAULT_AVATAR} alt="" width={32} height={32} />
      </button>
      {open && (
        <div className="dropdown" id={menuId}>
          <div className="dropdown-profile">
            <img className="avatar avatar-lg" src={DEFAULT_AVATAR} alt="" width={48} height={48} />
            <div className="dropdown-profile-text">
              <div className="dropdown-name">{user.name}</div>
              <div className="dropdown-username">@{user.username}</div>
              <div className="dropdown-email">{user.email}</div>
            </div>
          </div>
          <div className="dropdown-actions">
            <Link className="btn btn-secondary btn-sm" to={pathToUrl(userPageRoot(user.username))}>
              <Icon name="home" size={16} />
              {t('nav.home')}
            </Link>
            <Link className="btn btn-secondary btn-sm" to="/me">
              <Icon name="settings" size={16} />
              {t('nav.settings')}
            </Link>
            {user.admin && (
              <Link className="btn btn-secondary btn-sm" to="/admin">
                <Icon name="shield" size={16} />
                {t('admin.link')}
              </Link>
            )}
          </div>
          <div className="dropdown-divider" />
          <SidebarModeControls />
          <div className="dropdown-divider" />
          <ColorModeControls />
          <div className="dropdown-divider" />
          <a className="dropdown-item" href="/logout">
            <Icon name="logout" size={16} />
            {t('nav.sign_out')}
          </a>
        </div>
      )}
    </div>
  );
}
