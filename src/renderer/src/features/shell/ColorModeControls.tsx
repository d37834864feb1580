// Colour mode (SPEC §2/§4): follow the OS, or an explicit light/dark switch (disabled while following).
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useColorMode } from '../../stores/color-mode';
import { Icon } from '../../components/Icon';

export function ColorModeControls() {
  const { t } = useTranslation();
  const id = useId();
  const preference = useColorMode((s) => s.preference);
  const systemDark = useColorMode((s) => s.systemDark);
  const setFollowSystem = useColorMode((s) => s.setFollowSystem);
  const setDark = useColorMode((s) => s.setDark);
  const following = preference === null;
  const dark = preference ?? systemDark;
  return (
    <div className="color-mode" role="group" aria-label={t('nav.color_mode')}>
      <div className="color-mode-title">{t('nav.color_mode')}</div>
      <label className="check" htmlFor={`${id}-os`}>
        <input
          id={`${id}-os`}
          type="checkbox"
          checked={following}
          onChange={(event) => setFollowSystem(event.target.checked)}
        />
        {t('nav.use_os_setting')}
      </label>
      <div className={following ? 'theme-switch disabled' : 'theme-switch'}>
        <Icon name="sun" size={16} label={t('nav.light')} />
        <input
          type="checkbox"
          role="switch"
          className="switch"
          aria-label={t('nav.dark_mode')}
          checked={dark}
          disabled={following}
          onChange={(event) => setDark(event.target.checked)}
        />
        <Icon name="moon" size={16} label={t('nav.dark')} />
      </div>
    </div>
  );
}
