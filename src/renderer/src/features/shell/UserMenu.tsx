// The personal dropdown (SPEC §2): avatar, name, username, e-mail, Home, Settings, sidebar mode, colour mode,
// Sign out (a navigation to /logout, SPEC §7).
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CurrentUser } from '../../../../shared/api-types';
import { pathToUrl, userPageRoot } from '../../../../shared/page-path';
import { Icon } from '../../components/Icon';
import { usePopup } from '../../components/usePopup';
import { ColorModeControls } from './ColorModeControls';
import { SidebarModeControls } from './SidebarModeControls';

export const DEFAULT_AVATAR = '/images/icons/user.svg';

export function UserMenu({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const { open, rootRef, popupId, buttonProps } = usePopup();

  return (
    <div className="user-menu" ref={rootRef}>
      <button type="button" className="avatar-button" {...buttonProps} aria-label={t('nav.user_menu')}>
        <img className="avatar" src={user.imageUrlCached || DEFAULT_AVATAR} alt="" width={32} height={32} />
      </button>
      {open && (
        <div className="dropdown" id={popupId}>
          <div className="dropdown-profile">
            <img
              className="avatar avatar-lg"
              src={user.imageUrlCached || DEFAULT_AVATAR}
              alt=""
              width={48}
              height={48}
            />
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
