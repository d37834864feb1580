// API token on /me: generate, regenerate (the old one stops working) or revoke. The token itself is
// shown once, right after it is made; later only when it was made.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { generateApiToken, revokeApiToken } from '../../api/accounts';
import { SecretValue } from '../../components/CopyButton';
import { Alert } from '../../components/Field';
import { formatDateTime } from '../../i18n/format';
import { errorMessages, toastError, toastSuccess } from '../../stores/toasts';

export function ApiTokenSection({ createdAt: initialCreatedAt }: { createdAt: string | null }) {
  const { t } = useTranslation();
  const [createdAt, setCreatedAt] = useState(initialCreatedAt);
  const [token, setToken] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const generate = async () => {
    if (createdAt && !window.confirm(t('me_settings.token_regenerate_confirm'))) return;
    setBusy(true);
    try {
      const made = await generateApiToken();
      setToken(made.apiToken);
      setCreatedAt(made.apiTokenCreatedAt);
    } catch (err) {
      toastError(errorMessages(err));
    } finally {
      setBusy(false);
    }
  };

  const revoke = async () => {
    if (!window.confirm(t('me_settings.token_revoke_confirm'))) return;
    setBusy(true);
    try {
      await revokeApiToken();
      setToken(null);
      setCreatedAt(null);
      toastSuccess(t('me_settings.token_revoked'));
    } catch (err) {
      toastError(errorMessages(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card form-card settings-card" aria-labelledby="api-token-title">
      <h2 id="api-token-title">{t('me_settings.api_token')}</h2>
      <p className="muted">{t('me_settings.token_hint')}</p>
      {token && (
        <Alert kind="success">
          <p>{t('me_settings.token_once')}</p>
          <SecretValue value={token} testId="api-token" />
        </Alert>
      )}
      <p data-testid="api-token-state">
        {createdAt
          ? t('me_settings.token_created_at', { date: formatDateTime(createdAt) })
          : t('me_settings.token_none')}
      </p>
      <div className="button-row">
        <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void generate()}>
          {createdAt ? t('me_settings.token_regenerate') : t('me_settings.token_generate')}
        </button>
        {createdAt && (
          <button type="button" className="btn btn-danger" disabled={busy} onClick={() => void revoke()}>
            {t('me_settings.token_revoke')}
          </button>
        )}
      </div>
    </section>
  );
}
