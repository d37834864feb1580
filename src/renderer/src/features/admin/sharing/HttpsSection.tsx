// HTTPS for the LAN (issue 16): off, a certificate Quire makes for this machine, or the admin's own
// (PEM). With a generated one, colleagues' browsers warn once: the fingerprint shown here is what
// they compare with the one their browser shows before trusting it.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { HttpsChange, SharingState } from '../../../../../shared/sharing';
import { saveHttps } from '../settings-api';
import { ErrorMessages } from '../../../components/Field';
import { errorMessages, toastSuccess } from '../../../stores/toasts';

interface Props {
  state: SharingState;
  onChange: (state: SharingState) => void;
}

const MODES: HttpsChange['mode'][] = ['off', 'self-signed', 'provided'];

export function HttpsSection({ state, onChange }: Props) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<HttpsChange['mode']>(state.https);
  const [cert, setCert] = useState('');
  const [key, setKey] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors([]);
    try {
      const body: HttpsChange = mode === 'provided' ? { mode, cert, key } : { mode };
      onChange(await saveHttps(body));
      setKey('');
      toastSuccess(t('sharing.https_saved'));
    } catch (err) {
      setErrors(errorMessages(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="sharing-https">
      <h2 id="sharing-https">{t('sharing.https')}</h2>
      <form onSubmit={submit} noValidate data-testid="https-settings">
        <ErrorMessages messages={errors} />
        <div className="field" role="radiogroup" aria-label={t('sharing.https')}>
          {MODES.map((m) => (
            <label key={m} className="radio-row">
              <input type="radio" name="https-mode" checked={mode === m} onChange={() => setMode(m)} />{' '}
              {t(`sharing.https_${m.replace('-', '_')}`)}
            </label>
          ))}
        </div>
        {mode === 'provided' && (
          <>
            <label className="field">
              {t('sharing.certificate')}
              <textarea
                className="input pem"
                rows={5}
                value={cert}
                onChange={(e) => setCert(e.target.value)}
              />
            </label>
            <label className="field">
              {t('sharing.private_key')}
              <textarea className="input pem" rows={5} value={key} onChange={(e) => setKey(e.target.value)} />
            </label>
          </>
        )}
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {t('common.save')}
        </button>
      </form>
      {state.tlsFingerprint && (
        <p data-testid="fingerprint">
          {t('sharing.fingerprint')} <code className="fingerprint">{state.tlsFingerprint}</code>
        </p>
      )}
      {state.tlsUnusable && <p className="field-error">{t('sharing.tls_unusable')}</p>}
    </section>
  );
}
