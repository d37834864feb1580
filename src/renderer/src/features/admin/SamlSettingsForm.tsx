// /admin/security, issue 13: SAML 2 — the IdP's entry point and signing certificate, this wiki's
// issuer (its entity id, also the audience answers must be for), GROWI's attribute mapping, the
// attribute-based login rule and the linking switches; the on/off switch; the callback URL to give
// the IdP.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SecurityParams } from '../../../../shared/account-types';
import type { SamlAuthParams } from '../../../../shared/sign-in-types';
import { updateSamlSettings } from '../../api/sign-in';
import { useAuthToggle } from './useAuthToggle';
import { Field } from '../../components/Field';
import { errorMessages, toastError, toastSuccess } from '../../stores/toasts';
import { Check } from '../../components/Check';

const TEXT_FIELDS = [
  'samlEntryPoint',
  'samlIssuer',
  'samlAttrMapId',
  'samlAttrMapUsername',
  'samlAttrMapMail',
  'samlAttrMapFirstName',
  'samlAttrMapLastName',
  'samlABLCRule',
] as const;
const FLAGS = ['isSameUsernameTreatedAsIdenticalUser', 'isSameEmailTreatedAsIdenticalUser'] as const;

const EMPTY: SamlAuthParams = {
  samlEntryPoint: '',
  samlIssuer: '',
  samlCert: '',
  samlAttrMapId: '',
  samlAttrMapUsername: '',
  samlAttrMapMail: '',
  samlAttrMapFirstName: '',
  samlAttrMapLastName: '',
  samlABLCRule: '',
  isSameUsernameTreatedAsIdenticalUser: false,
  isSameEmailTreatedAsIdenticalUser: false,
};

export function SamlSettingsForm({ initial }: { initial: SecurityParams }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<SamlAuthParams>({ ...EMPTY, ...initial.samlAuth });
  const [enabled, toggle] = useAuthToggle(
    'saml',
    initial.generalAuth?.isSamlEnabled ?? false,
    t('saml_admin.enable'),
  );
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<SamlAuthParams>) => setValues({ ...values, ...patch });

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const saved = await updateSamlSettings(values);
      setValues({ ...EMPTY, ...saved });
      toastSuccess(t('toast.update_succeeded', { target: 'SAML' }));
    } catch (err) {
      toastError(errorMessages(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card form-card settings-card security-form" aria-labelledby="saml-title">
      <h2 id="saml-title" className="modal-section-title">
        SAML
      </h2>
      <Check label={t('saml_admin.enable')} checked={enabled} onChange={(checked) => void toggle(checked)} />
      <p className="field-hint">
        {t('oidc_admin.callback_hint', { url: `${window.location.origin}/passport/saml/callback` })}
      </p>
      <form onSubmit={save} noValidate data-testid="saml-settings">
        {TEXT_FIELDS.slice(0, 2).map((field) => (
          <Field
            key={field}
            label={t(`saml_admin.${field}`)}
            value={values[field]}
            onChange={(e) => set({ [field]: e.target.value })}
          />
        ))}
        <div className="field">
          <label htmlFor="saml-cert">{t('saml_admin.samlCert')}</label>
          <textarea
            id="saml-cert"
            className="input"
            rows={5}
            value={values.samlCert}
            placeholder="-----BEGIN CERTIFICATE-----"
            onChange={(e) => set({ samlCert: e.target.value })}
          />
        </div>
        {TEXT_FIELDS.slice(2).map((field) => (
          <Field
            key={field}
            label={t(`saml_admin.${field}`)}
            value={values[field]}
            hint={field === 'samlABLCRule' ? t('saml_admin.ablc_hint') : undefined}
            onChange={(e) => set({ [field]: e.target.value })}
          />
        ))}
        {FLAGS.map((flag) => (
          <label key={flag} className="check">
            <input
              type="checkbox"
              checked={values[flag]}
              onChange={(e) => set({ [flag]: e.target.checked })}
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
