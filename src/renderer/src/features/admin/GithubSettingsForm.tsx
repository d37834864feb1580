// /admin/security, issue 13: GitHub sign-in — client id and secret (write-only), an optional
// GitHub Enterprise Server address, GROWI's same-username switch, and the on/off switch.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SecurityParams } from '../../../../shared/account-types';
import type { GithubOAuthParams } from '../../../../shared/sign-in-types';
import { setAuthEnabled, updateGithubSettings } from '../../api/sign-in';
import { Field } from '../../components/Field';
import { errorMessages, toastError, toastSuccess } from '../../stores/toasts';

const EMPTY: GithubOAuthParams = {
  githubClientId: '',
  githubClientSecret: '',
  githubBaseUrl: '',
  isSameUsernameTreatedAsIdenticalUser: false,
};

export function GithubSettingsForm({ initial }: { initial: SecurityParams }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<GithubOAuthParams>(initial.githubOAuth ?? EMPTY);
  const [enabled, setEnabled] = useState(initial.generalAuth?.isGitHubEnabled ?? false);
  const [busy, setBusy] = useState(false);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      setValues(await updateGithubSettings(values));
      toastSuccess(t('toast.update_succeeded', { target: 'GitHub' }));
    } catch (err) {
      toastError(errorMessages(err));
    } finally {
      setBusy(false);
    }
  };

  const toggle = async (isEnabled: boolean) => {
    try {
      await setAuthEnabled('github', isEnabled);
      setEnabled(isEnabled);
      toastSuccess(t('toast.update_succeeded', { target: t('github_admin.enable') }));
    } catch (err) {
      toastError(errorMessages(err));
    }
  };

  const text = (key: 'githubClientId' | 'githubClientSecret' | 'githubBaseUrl', secret = false) => (
    <Field
      label={t(`github_admin.${key}`)}
      type={secret ? 'password' : 'text'}
      autoComplete="off"
      value={values[key]}
      onChange={(e) => setValues({ ...values, [key]: e.target.value })}
    />
  );

  return (
    <section className="card form-card settings-card security-form" aria-labelledby="github-title">
      <h2 id="github-title" className="modal-section-title">
        GitHub
      </h2>
      <label className="check">
        <input type="checkbox" checked={enabled} onChange={(e) => void toggle(e.target.checked)} />
        {t('github_admin.enable')}
      </label>
      <p className="field-hint">
        {t('oidc_admin.callback_hint', { url: `${window.location.origin}/passport/github/callback` })}
      </p>
      <form onSubmit={save} noValidate>
        {text('githubClientId')}
        {text('githubClientSecret', true)}
        {text('githubBaseUrl')}
        <p className="field-hint">{t('github_admin.base_url_hint')}</p>
        <label className="check">
          <input
            type="checkbox"
            checked={values.isSameUsernameTreatedAsIdenticalUser}
            onChange={(e) => setValues({ ...values, isSameUsernameTreatedAsIdenticalUser: e.target.checked })}
          />
          {t('oidc_admin.isSameUsernameTreatedAsIdenticalUser')}
        </label>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {t('me.update')}
        </button>
      </form>
    </section>
  );
}
