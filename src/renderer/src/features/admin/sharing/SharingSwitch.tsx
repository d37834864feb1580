// The Share on LAN switch (issue 16), on the Sharing screen and in the app settings. Turning it on
// first says what it means and asks to confirm; a server started with --host shows why it is fixed.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SharingState } from '../../../../../shared/sharing';
import { ErrorMessages } from '../../../components/Field';
import { Modal } from '../../../components/Modal';
import { errorMessages } from '../../../stores/toasts';
import { setSharing } from './api';
import { DialogFooter } from '../../../components/DialogFooter';

interface Props {
  state: SharingState;
  onChange: (state: SharingState) => void;
}

export function SharingSwitch({ state, onChange }: Props) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);

  const apply = async (shared: boolean) => {
    setBusy(true);
    setErrors([]);
    try {
      onChange(await setSharing(shared, shared));
      setConfirming(false);
    } catch (err) {
      setErrors(errorMessages(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="sharing-switch">
      <label className="switch-row">
        <input
          type="checkbox"
          role="switch"
          checked={state.shared}
          disabled={busy || state.fixed}
          onChange={(event) => (event.target.checked ? setConfirming(true) : void apply(false))}
        />
        <span>
          <strong>{t('sharing.switch_label')}</strong>
          <br />
          <span className="muted">{state.shared ? t('sharing.on_hint') : t('sharing.off_hint')}</span>
        </span>
      </label>
      {state.fixed && <p className="muted">{t('sharing.fixed_hint')}</p>}
      {!confirming && <ErrorMessages messages={errors} />}
      {confirming && (
        <Modal title={t('sharing.confirm_title')} onClose={() => !busy && setConfirming(false)}>
          <div className="modal-body">
            <ErrorMessages messages={errors} />
            <p>{t('sharing.confirm_body')}</p>
            <p>{t('sharing.confirm_guests')}</p>
            <p className="muted">{t('sharing.confirm_firewall')}</p>
            <DialogFooter
              onCancel={() => setConfirming(false)}
              cancelDisabled={busy}
              confirmLabel={t('sharing.confirm_action')}
              onConfirm={() => void apply(true)}
              disabled={busy}
            />
          </div>
        </Modal>
      )}
    </div>
  );
}
