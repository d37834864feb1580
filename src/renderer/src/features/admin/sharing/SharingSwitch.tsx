// The Share on LAN switch (issue 16), on the Sharing screen and in the app settings. Turning it on
// first says what it means and asks to confirm — plainly, while guests may read, that anyone on
// the network can then read every public page without an account, with the choice to switch
// guests off in the same step (issue 30); a server started with --host shows why it is fixed.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SharingState } from '../../../../../shared/sharing';
import { ErrorMessages } from '../../../components/Field';
import { Modal } from '../../../components/Modal';
import { errorMessages } from '../../../stores/toasts';
import { setSharing } from './api';
import { DialogFooter } from '../../../components/DialogFooter';
import { updateGeneralSecurity } from '../../../api/accounts';
import { useSession } from '../../../stores/session';

interface Props {
  state: SharingState;
  onChange: (state: SharingState) => void;
}

export function SharingSwitch({ state, onChange }: Props) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const config = useSession((session) => session.config);
  const guestsRead = config.restrictGuestMode === 'Readonly';
  // Offered, and ticked: sharing a wiki guests can read opens it to everyone on the network.
  const [guestsOff, setGuestsOff] = useState(true);

  const apply = async (shared: boolean) => {
    setBusy(true);
    setErrors([]);
    try {
      if (shared && guestsRead && guestsOff) {
        await updateGeneralSecurity({ restrictGuestMode: 'Deny' });
        useSession.getState().setConfig({ ...config, restrictGuestMode: 'Deny' });
      }
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
            {guestsRead ? (
              <>
                <p className="alert alert-warning" data-testid="sharing-guests-warning">
                  {t('sharing.confirm_guests_read')}
                </p>
                <label className="checkbox-row">
                  <input
                    type="checkbox"
                    checked={guestsOff}
                    disabled={busy}
                    onChange={(event) => setGuestsOff(event.target.checked)}
                  />
                  <span>{t('sharing.confirm_guests_off')}</span>
                </label>
              </>
            ) : (
              <p>{t('sharing.confirm_guests_denied')}</p>
            )}
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
