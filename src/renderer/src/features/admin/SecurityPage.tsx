// /admin/security (SPEC §2, §4, §5): guest access, registration mode, allowed e-mail domains, the
// maximum number of users and who may delete pages completely; link sharing and the upload limit.
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { REGISTRATION_MODES, type SecurityParams } from '../../../../shared/account-types';
import type { RestrictGuestMode } from '../../../../shared/api-types';
import { DELETION_AUTHORITIES, type PageCompleteDeletionAuthority } from '../../../../shared/page-tree-types';
import { getSecurityParams, updateGeneralSecurity, updateLocalSecurity } from '../../api/accounts';
import { getAppConfig } from '../../api/endpoints';
import { Alert, ErrorMessages, Field } from '../../components/Field';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useSession } from '../../stores/session';
import { errorMessages, toastError, toastSuccess } from '../../stores/toasts';
import { parseUserLimit, parseWhitelist } from './security-form';
import { SharingUploadForm } from './SharingUploadForm';
import { LdapSettingsForm } from './LdapSettingsForm';
import { OidcSettingsForm } from './OidcSettingsForm';
import { OAuthSettingsForm } from './OAuthSettingsForm';
import { SamlSettingsForm } from './SamlSettingsForm';
import { Check } from '../../components/Check';

const GUEST_MODES: RestrictGuestMode[] = ['Deny', 'Readonly'];

/** The navbar and login screen read the guest and registration modes from app-config. */
const refreshConfig = () =>
  getAppConfig().then(({ currentUser: _user, ...config }) => useSession.getState().setConfig(config));

function Radios<T extends string>(props: {
  name: string;
  legend: string;
  options: readonly T[];
  value: T;
  label: (option: T) => string;
  onChange: (value: T) => void;
}) {
  return (
    <fieldset className="radio-group">
      <legend className="modal-section-title">{props.legend}</legend>
      {props.options.map((option) => (
        <label key={option} className="check">
          <input
            type="radio"
            name={props.name}
            value={option}
            checked={props.value === option}
            onChange={() => props.onChange(option)}
          />
          {props.label(option)}
        </label>
      ))}
    </fieldset>
  );
}

function SecurityForm({ initial }: { initial: SecurityParams }) {
  const { t } = useTranslation();
  const [guestMode, setGuestMode] = useState(initial.generalSetting.restrictGuestMode);
  const [deletion, setDeletion] = useState<PageCompleteDeletionAuthority>(
    initial.generalSetting.pageCompleteDeletionAuthority,
  );
  const [mode, setMode] = useState(initial.localSetting.registrationMode);
  const [whitelist, setWhitelist] = useState(initial.localSetting.registrationWhitelist.join('\n'));
  const [limit, setLimit] = useState(String(initial.localSetting.userUpperLimit));
  const [passwordReset, setPasswordReset] = useState(initial.localSetting.isPasswordResetEnabled);
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseWhitelist(whitelist);
    const upper = parseUserLimit(limit);
    const found: string[] = [];
    if (parsed.invalid.length > 0)
      found.push(t('security_admin.whitelist_invalid', { lines: parsed.invalid.join(', ') }));
    if (upper === null) found.push(t('security_admin.limit_invalid'));
    setErrors(found);
    if (found.length > 0 || upper === null) return;
    setBusy(true);
    try {
      await updateGeneralSecurity({ restrictGuestMode: guestMode, pageCompleteDeletionAuthority: deletion });
      await updateLocalSecurity({
        registrationMode: mode,
        registrationWhitelist: parsed.domains,
        userUpperLimit: upper,
        isPasswordResetEnabled: passwordReset,
      });
      setWhitelist(parsed.domains.join('\n'));
      await refreshConfig();
      toastSuccess(t('toast.update_succeeded', { target: t('admin.security') }));
    } catch (err) {
      toastError(errorMessages(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card form-card settings-card security-form" onSubmit={submit} noValidate>
      <ErrorMessages messages={errors} />
      <Radios
        name="guest-mode"
        legend={t('security_admin.guest_mode')}
        options={GUEST_MODES}
        value={guestMode}
        label={(option) => t(`security_admin.guest_${option}`)}
        onChange={setGuestMode}
      />
      <Radios
        name="registration-mode"
        legend={t('security_admin.registration_mode')}
        options={REGISTRATION_MODES}
        value={mode}
        label={(option) => t(`security_admin.registration_${option}`)}
        onChange={setMode}
      />
      <div className="field">
        <label htmlFor="registration-whitelist">{t('security_admin.whitelist')}</label>
        <textarea
          id="registration-whitelist"
          className="input"
          rows={4}
          value={whitelist}
          placeholder="@example.com"
          onChange={(e) => setWhitelist(e.target.value)}
        />
        <p className="field-hint">{t('security_admin.whitelist_hint')}</p>
      </div>
      <Field
        label={t('security_admin.user_limit')}
        inputMode="numeric"
        value={limit}
        onChange={(e) => setLimit(e.target.value)}
        hint={t('security_admin.user_limit_hint')}
      />
      <Check
        label={t('security_admin.password_reset')}
        checked={passwordReset}
        onChange={(checked) => setPasswordReset(checked)}
      />
      <p className="field-hint">{t('security_admin.password_reset_hint')}</p>
      <Radios
        name="deletion-authority"
        legend={t('security_admin.deletion_authority')}
        options={DELETION_AUTHORITIES}
        value={deletion}
        label={(option) => t(`security_admin.deletion_${option}`)}
        onChange={setDeletion}
      />
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {t('me.update')}
      </button>
    </form>
  );
}

export function SecurityPage() {
  const { t } = useTranslation();
  const [params, setParams] = useState<SecurityParams | null>(null);
  const [error, setError] = useState<string | null>(null);
  useDocumentTitle(t('admin.security'));
  useEffect(() => {
    // SPEC §8: settings that cannot load say 'Failed to fetch data', then why.
    getSecurityParams().then(setParams, (err: unknown) =>
      setError([t('ldap_admin.fetch_failed'), ...errorMessages(err)].join('\n')),
    );
  }, [t]);
  return (
    <main className="content narrow">
      <h1 className="page-title">{t('admin.security')}</h1>
      {error && <Alert kind="error">{error}</Alert>}
      {params ? (
        <>
          <SecurityForm initial={params} />
          <SharingUploadForm initial={params} />
          <LdapSettingsForm initial={params} />
          <OidcSettingsForm initial={params} />
          <SamlSettingsForm initial={params} />
          <OAuthSettingsForm provider="github" initial={params} />
          <OAuthSettingsForm provider="google" initial={params} />
        </>
      ) : (
        !error && <div className="loading" aria-busy="true" />
      )}
    </main>
  );
}
