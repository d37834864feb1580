// Personal access tokens on /me (GROWI 7's): each with a description, an expiry and scopes — read or
// write for pages and other features, for one's own settings, and (administrators) for the admin
// screens. The token is shown once, right after it is made.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createAccessToken, deleteAccessToken, getAccessTokens, type AccessToken } from '../../api/accounts';
import { Check } from '../../components/Check';
import { SecretValue } from '../../components/CopyButton';
import { Alert, Field } from '../../components/Field';
import { formatDateTime } from '../../i18n/format';
import { useSession } from '../../stores/session';
import { errorMessages, toastError, toastSuccess } from '../../stores/toasts';
import { SCOPE_ACTIONS, SCOPE_GROUPS } from '../../../../shared/access-token-scopes';

const DAY_MS = 86_400_000;
const dateInput = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function AccessTokensSection() {
  const { t } = useTranslation();
  const isAdmin = useSession((s) => s.user?.admin === true);
  const [tokens, setTokens] = useState<AccessToken[] | null>(null);
  const [description, setDescription] = useState('');
  const [expires, setExpires] = useState(() => dateInput(Date.now() + 30 * DAY_MS));
  const [tomorrow] = useState(() => dateInput(Date.now() + DAY_MS));
  const [scopes, setScopes] = useState<string[]>(['read:features:*']);
  const [made, setMade] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const reload = () => getAccessTokens().then(setTokens, (err: unknown) => toastError(errorMessages(err)));
  useEffect(() => {
    void reload();
  }, []);

  const groups = SCOPE_GROUPS.filter((group) => group !== 'admin' || isAdmin);
  const toggle = (scope: string, on: boolean) =>
    setScopes((list) => (on ? [...list, scope] : list.filter((s) => s !== scope)));

  const create = async () => {
    setBusy(true);
    try {
      // The token works through the whole chosen day.
      const expiredAt = new Date(`${expires}T23:59:59`).toISOString();
      const result = await createAccessToken({ expiredAt, description: description.trim(), scopes });
      setMade(result.token);
      setDescription('');
      await reload();
    } catch (err) {
      toastError(errorMessages(err));
    } finally {
      setBusy(false);
    }
  };

  const remove = async (id: string) => {
    try {
      await deleteAccessToken(id);
      toastSuccess(t('access_tokens.deleted'));
      await reload();
    } catch (err) {
      toastError(errorMessages(err));
    }
  };

  return (
    <section className="card form-card settings-card" aria-labelledby="access-tokens-title">
      <h2 id="access-tokens-title">{t('access_tokens.title')}</h2>
      <p className="muted">{t('access_tokens.hint')}</p>
      {made && (
        <Alert kind="success">
          <p>{t('me_settings.token_once')}</p>
          <SecretValue value={made} testId="access-token" />
        </Alert>
      )}
      {tokens && tokens.length > 0 && (
        <ul className="access-token-list" data-testid="access-tokens">
          {tokens.map((token) => (
            <li key={token._id}>
              <strong>{token.description || t('access_tokens.no_description')}</strong>{' '}
              <span className="muted">
                {t('access_tokens.expires', { date: formatDateTime(token.expiredAt) })} ·{' '}
                {token.scopes.join(', ')}
              </span>{' '}
              <button
                type="button"
                className="btn btn-secondary btn-sm"
                onClick={() => void remove(token._id)}
              >
                {t('access_tokens.delete')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {tokens && tokens.length === 0 && <p>{t('access_tokens.none')}</p>}
      <Field
        label={t('access_tokens.description')}
        value={description}
        maxLength={200}
        onChange={(e) => setDescription(e.target.value)}
      />
      <Field
        label={t('access_tokens.expiry')}
        type="date"
        value={expires}
        min={tomorrow}
        onChange={(e) => setExpires(e.target.value)}
      />
      <fieldset className="scope-choices">
        <legend>{t('access_tokens.scopes')}</legend>
        {groups.map((group) =>
          SCOPE_ACTIONS.map((action) => {
            const scope = `${action}:${group}:*`;
            return (
              <Check
                key={scope}
                label={t(`access_tokens.scope_${action}`, { what: t(`access_tokens.group_${group}`) })}
                checked={scopes.includes(scope)}
                onChange={(on) => toggle(scope, on)}
              />
            );
          }),
        )}
      </fieldset>
      <div className="button-row">
        <button
          type="button"
          className="btn btn-primary"
          disabled={busy || scopes.length === 0 || !expires}
          onClick={() => void create()}
        >
          {t('access_tokens.create')}
        </button>
      </div>
    </section>
  );
}
