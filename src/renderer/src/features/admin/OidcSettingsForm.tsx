// /admin/security, issue 13: OpenID Connect — provider name, issuer (discovery) or explicit
// endpoints, client id and secret (write-only), claim mapping and GROWI's two linking switches.
// Saving re-runs discovery and says at once whether the provider can be used.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SecurityParams } from '../../../../shared/account-types';
import type { OidcAuthParams } from '../../../../shared/sign-in-types';
import { updateOidcSettings } from '../../api/sign-in';
import { useAuthToggle } from './useAuthToggle';
import { Alert, Field } from '../../components/Field';
import { errorMessages, toastError, toastSuccess } from '../../stores/toasts';
import { Check } from '../../components/Check';

type TextKey = Exclude<
  keyof OidcAuthParams,
  'isSameUsernameTreatedAsIdenticalUser' | 'isSameEmailTreatedAsIdenticalUser'
>;
type FlagKey = 'isSameUsernameTreatedAsIdenticalUser' | 'isSameEmailTreatedAsIdenticalUser';

const FIELDS: { key: TextKey; label: string; placeholder?: string; secret?: boolean }[] = [
  { key: 'oidcProviderName', label: 'provider_name' },
  { key: 'oidcIssuerHost', label: 'issuer', placeholder: 'https://auth.example.com/realms/team' },
  { key: 'oidcClientId', label: 'client_id' },
  { key: 'oidcClientSecret', label: 'client_secret', secret: true },
  { key: 'oidcAuthorizationEndpoint', label: 'authorization_endpoint' },
  { key: 'oidcTokenEndpoint', label: 'token_endpoint' },
  { key: 'oidcUserInfoEndpoint', label: 'userinfo_endpoint' },
  { key: 'oidcJWKSUri', label: 'jwks_uri' },
  { key: 'oidcAttrMapId', label: 'attr_id', placeholder: 'sub' },
  { key: 'oidcAttrMapUserName', label: 'attr_username', placeholder: 'preferred_username' },
  { key: 'oidcAttrMapName', label: 'attr_name', placeholder: 'name' },
  { key: 'oidcAttrMapEmail', label: 'attr_mail', placeholder: 'email' },
];
const FLAGS: FlagKey[] = ['isSameUsernameTreatedAsIdenticalUser', 'isSameEmailTreatedAsIdenticalUser'];

export function OidcSettingsForm({ initial }: { initial: SecurityParams }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Partial<OidcAuthParams>>(initial.oidcAuth ?? {});
  const [enabled, toggle] = useAuthToggle(
    'oidc',
    initial.generalAuth?.isOidcEnabled ?? false,
    t('oidc_admin.enable'),
  );
  const [setupError, setSetupError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const { isOidcSetUp, oidcSetupError, ...saved } = await updateOidcSettings(values);
      setValues(saved);
      setSetupError(enabled && !isOidcSetUp ? (oidcSetupError ?? '') : null);
      toastSuccess(t('toast.update_succeeded', { target: t('oidc_admin.title') }));
    } catch (err) {
      toastError(errorMessages(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card form-card settings-card security-form" aria-labelledby="oidc-title">
      <h2 id="oidc-title" className="modal-section-title">
        {t('oidc_admin.title')}
      </h2>
      <Check label={t('oidc_admin.enable')} checked={enabled} onChange={(checked) => void toggle(checked)} />
      {setupError !== null && (
        <Alert kind="warning">{t('oidc_admin.not_set_up', { reason: setupError })}</Alert>
      )}
      <p className="field-hint">
        {t('oidc_admin.callback_hint', { url: `${window.location.origin}/passport/oidc/callback` })}
      </p>
      <form onSubmit={save} noValidate>
        {FIELDS.map(({ key, label, placeholder, secret }) => (
          <Field
            key={key}
            label={t(`oidc_admin.${label}`)}
            type={secret ? 'password' : 'text'}
            autoComplete="off"
            placeholder={placeholder}
            value={values[key] ?? ''}
            onChange={(e) => setValues({ ...values, [key]: e.target.value })}
          />
        ))}
        {FLAGS.map((flag) => (
          <label key={flag} className="check">
            <input
              type="checkbox"
              checked={values[flag] ?? false}
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
