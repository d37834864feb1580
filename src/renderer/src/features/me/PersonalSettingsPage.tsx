// Personal settings (/me, SPEC §2): profile with avatar and e-mail disclosure, password, API token and
// external accounts. Guests are sent to /login.
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import type { PersonalSettings } from '../../../../shared/account-types';
import { getPersonalSettings } from '../../api/accounts';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useSession } from '../../stores/session';
import { errorMessages } from '../../stores/toasts';
import { Alert } from '../../components/Field';
import { ApiTokenSection } from './ApiTokenSection';
import { AccessTokensSection } from './AccessTokensSection';
import { ExternalAccountsSection } from './ExternalAccountsSection';
import { SubscribeRulesSection } from '../notifications/SubscribeRulesSection';
import { PasswordForm } from './PasswordForm';
import { ProfileForm } from './ProfileForm';

export function PersonalSettingsPage() {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const [settings, setSettings] = useState<PersonalSettings | null>(null);
  const [error, setError] = useState<string[] | null>(null);
  useDocumentTitle(t('me.title'));

  const load = useCallback(
    () =>
      getPersonalSettings().then(
        (next) => setSettings(next),
        (err: unknown) => setError(errorMessages(err)),
      ),
    [],
  );
  useEffect(() => {
    if (user) void load();
  }, [user, load]);

  if (!user) return <Navigate to="/login" state={{ from: '/me' }} replace />;
  return (
    <main className="content narrow">
      <h1 className="page-title">{t('me.title')}</h1>
      {error && <Alert kind="error">{error.join('\n')}</Alert>}
      {settings === null ? (
        !error && <div className="loading" aria-busy="true" />
      ) : (
        <>
          <ProfileForm key={settings._id} settings={settings} onSaved={setSettings} />
          <PasswordForm />
          <ApiTokenSection createdAt={settings.apiTokenCreatedAt} />
          <AccessTokensSection />
          <ExternalAccountsSection />
          <SubscribeRulesSection />
        </>
      )}
    </main>
  );
}
