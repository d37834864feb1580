// /admin/security, issue 13: an OAuth 2 sign-in — GitHub (client id and secret, an optional GitHub
// Enterprise Server address, GROWI's same-username switch) or Google (client id and secret, the
// same-e-mail and same-username switches) — and its on/off switch. Secrets are write-only.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SecurityParams } from '../../../../shared/account-types';
import { updateOAuthSettings, type OAuthProvider } from '../../api/sign-in';
import { useAuthToggle } from './useAuthToggle';
import { Field } from '../../components/Field';
import { errorMessages, toastError, toastSuccess } from '../../stores/toasts';
import { Check } from '../../components/Check';

type Values = Record<string, string | boolean>;

const PROVIDERS = {
  github: {
    title: 'GitHub',
    texts: 'github_admin',
    fields: ['githubClientId', 'githubClientSecret', 'githubBaseUrl'],
    secret: 'githubClientSecret',
    flags: ['isSameUsernameTreatedAsIdenticalUser'],
    hint: 'github_admin.base_url_hint',
  },
  google: {
    title: 'Google',
    texts: 'google_admin',
    fields: ['googleClientId', 'googleClientSecret'],
    secret: 'googleClientSecret',
    flags: ['isSameEmailTreatedAsIdenticalUser', 'isSameUsernameTreatedAsIdenticalUser'],
    hint: 'google_admin.hint',
  },
} as const;

function initialValues(provider: OAuthProvider, initial: SecurityParams): Values {
  const stored = provider === 'github' ? initial.githubOAuth : initial.googleOAuth;
  const { fields, flags } = PROVIDERS[provider];
  const empty = Object.fromEntries([...fields.map((f) => [f, '']), ...flags.map((f) => [f, false])]);
  return { ...empty, ...(stored as unknown as Values | undefined) };
}

export function OAuthSettingsForm({
  provider,
  initial,
}: {
  provider: OAuthProvider;
  initial: SecurityParams;
}) {
  const { t } = useTranslation();
  const config = PROVIDERS[provider];
  const [values, setValues] = useState<Values>(() => initialValues(provider, initial));
  const general = initial.generalAuth;
  const [enabled, toggle] = useAuthToggle(
    provider,
    (provider === 'github' ? general?.isGitHubEnabled : general?.isGoogleEnabled) ?? false,
    t(`${config.texts}.enable`),
  );
  const [busy, setBusy] = useState(false);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      setValues((await updateOAuthSettings(provider, values)) as unknown as Values);
      toastSuccess(t('toast.update_succeeded', { target: config.title }));
    } catch (err) {
      toastError(errorMessages(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card form-card settings-card security-form" aria-labelledby={`${provider}-title`}>
      <h2 id={`${provider}-title`} className="modal-section-title">
        {config.title}
      </h2>
      <Check
        label={t(`${config.texts}.enable`)}
        checked={enabled}
        onChange={(checked) => void toggle(checked)}
      />
      <p className="field-hint">
        {t('oidc_admin.callback_hint', { url: `${window.location.origin}/passport/${provider}/callback` })}
      </p>
      <form onSubmit={save} noValidate>
        {config.fields.map((field) => (
          <Field
            key={field}
            label={t(`${config.texts}.${field}`)}
            type={field === config.secret ? 'password' : 'text'}
            autoComplete="off"
            value={String(values[field] ?? '')}
            onChange={(e) => setValues({ ...values, [field]: e.target.value })}
          />
        ))}
        <p className="field-hint">{t(config.hint)}</p>
        {config.flags.map((flag) => (
          <label key={flag} className="check">
            <input
              type="checkbox"
              checked={values[flag] === true}
              onChange={(e) => setValues({ ...values, [flag]: e.target.checked })}
            />
            {t(`oidc_admin.${flag}`)}
          </label>
        ))}
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {t('me.update')}
        </button>
      </form>
    </section>
  );
}
