// /admin/app's Sharing section (issue 16): the same switch as the Sharing screen, for a headless
// server's admin, with the preferred address and a link to everything else.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SharingState } from '../../../../../shared/sharing';
import { ErrorMessages } from '../../../components/Field';
import { errorMessages } from '../../../stores/toasts';
import { getSharing } from './api';
import { SharingSwitch } from './SharingSwitch';

export function SharingSettingsSection() {
  const { t } = useTranslation();
  const [state, setState] = useState<SharingState | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  useEffect(() => {
    getSharing().then(setState, (err: unknown) => setErrors(errorMessages(err)));
  }, []);
  return (
    <section
      className="card form-card settings-card"
      aria-labelledby="app-sharing"
      data-testid="sharing-settings"
    >
      <h2 id="app-sharing" className="modal-section-title">
        {t('sharing.title')}
      </h2>
      <ErrorMessages messages={errors} />
      {state && (
        <>
          <SharingSwitch state={state} onChange={setState} />
          {state.shared && (
            <p>
              {t('sharing.preferred')} <code>{state.preferredUrl}</code>
            </p>
          )}
          <p>
            <Link to="/admin/sharing">{t('sharing.open_screen')}</Link>
          </p>
        </>
      )}
    </section>
  );
}
