// /admin/security (SPEC §2, §4, §5): guest access, registration mode, allowed e-mail domains, the
// maximum number of users and who may delete pages completely; link sharing and the upload limit.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  REGISTRATION_MODES,
  type RegistrationMode,
  type SecurityParams,
} from '../../../../shared/account-types';
import type { RestrictGuestMode } from '../../../../shared/api-types';
import { DELETION_AUTHORITIES, type PageCompleteDeletionAuthority } from '../../../../shared/page-tree-types';
import { getSecurityParams, updateGeneralSecurity, updateLocalSecurity } from '../../api/accounts';
import { getAppConfig } from '../../api/endpoints';
import { Alert, Field, TextAreaField } from '../../components/Field';
import { SettingsSection } from '../../components/SettingsSection';
import { useSettingsForm } from '../../components/useSettingsForm';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useSession } from '../../stores/session';
import { errorMessages } from '../../stores/toasts';
import { parseUserLimit, parseWhitelist } from './security-form';
import { SharingUploadForm } from './SharingUploadForm';
import { LdapSettingsForm } from './LdapSettingsForm';
import { OidcSettingsForm } from './OidcSettingsForm';
import { OAuthSettingsForm } from './OAuthSettingsForm';
import { SamlSettingsForm } from './SamlSettingsForm';
import { Check } from '../../components/Check';
import { Radios } from '../../components/Radios';

const GUEST_MODES: RestrictGuestMode[] = ['Deny', 'Readonly'];

/** The navbar and login screen read the guest and registration modes from app-config. */
const refreshConfig = () =>
  getAppConfig().then(({ currentUser: _user, ...config }) => useSession.getState().setConfig(config));

interface SecurityForm {
  guestMode: RestrictGuestMode;
  deletion: PageCompleteDeletionAuthority;
  mode: RegistrationMode;
  whitelist: string;
  limit: string;
  passwordReset: boolean;
}

function SecurityForm({ initial }: { initial: SecurityParams }) {
  const { t } = useTranslation();
  const { generalSetting, localSetting } = initial;
  const settings = useSettingsForm<SecurityForm>({
    initial: {
      guestMode: generalSetting.restrictGuestMode,
      deletion: generalSetting.pageCompleteDeletionAuthority,
      mode: localSetting.registrationMode,
      whitelist: localSetting.registrationWhitelist.join('\n'),
      limit: String(localSetting.userUpperLimit),
      passwordReset: localSetting.isPasswordResetEnabled,
    },
    save: async (form) => {
      const parsed = parseWhitelist(form.whitelist);
      const upper = parseUserLimit(form.limit);
      const found: string[] = [];
      if (parsed.invalid.length > 0)
        found.push(t('security_admin.whitelist_invalid', { lines: parsed.invalid.join(', ') }));
      if (upper === null) found.push(t('security_admin.limit_invalid'));
      if (found.length > 0 || upper === null) throw found;
      await updateGeneralSecurity({
        restrictGuestMode: form.guestMode,
        pageCompleteDeletionAuthority: form.deletion,
      });
      await updateLocalSecurity({
        registrationMode: form.mode,
        registrationWhitelist: parsed.domains,
        userUpperLimit: upper,
        isPasswordResetEnabled: form.passwordReset,
      });
      await refreshConfig();
      return { ...form, whitelist: parsed.domains.join('\n') };
    },
    savedMessage: t('toast.update_succeeded', { target: t('admin.security') }),
  });
  const form = settings.form!;
  const { update } = settings;

  return (
    <SettingsSection settings={settings} submitLabel={t('me.update')}>
      <Radios
        name="guest-mode"
        legend={t('security_admin.guest_mode')}
        options={GUEST_MODES}
        value={form.guestMode}
        label={(option) => t(`security_admin.guest_${option}`)}
        onChange={(value) => update('guestMode', value)}
      />
      <Radios
        name="registration-mode"
        legend={t('security_admin.registration_mode')}
        options={REGISTRATION_MODES}
        value={form.mode}
        label={(option) => t(`security_admin.registration_${option}`)}
        onChange={(value) => update('mode', value)}
      />
      <TextAreaField
        label={t('security_admin.whitelist')}
        rows={4}
        value={form.whitelist}
        placeholder="@example.com"
        hint={t('security_admin.whitelist_hint')}
        onChange={(e) => update('whitelist', e.target.value)}
      />
      <Field
        label={t('security_admin.user_limit')}
        inputMode="numeric"
        value={form.limit}
        onChange={(e) => update('limit', e.target.value)}
        hint={t('security_admin.user_limit_hint')}
      />
      <Check
        label={t('security_admin.password_reset')}
        checked={form.passwordReset}
        onChange={(checked) => update('passwordReset', checked)}
      />
      <p className="field-hint">{t('security_admin.password_reset_hint')}</p>
      <Radios
        name="deletion-authority"
        legend={t('security_admin.deletion_authority')}
        options={DELETION_AUTHORITIES}
        value={form.deletion}
        label={(option) => t(`security_admin.deletion_${option}`)}
        onChange={(value) => update('deletion', value)}
      />
    </SettingsSection>
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
