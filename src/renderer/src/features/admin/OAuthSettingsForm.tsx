// /admin/security, issue 13: an OAuth 2 sign-in — GitHub (client id and secret, an optional GitHub
// Enterprise Server address, GROWI's same-username switch) or Google (client id and secret, the
// same-e-mail and same-username switches) — and its on/off switch. Secrets are write-only.
import { useTranslation } from 'react-i18next';
import type { SecurityParams } from '../../../../shared/account-types';
import { updateOAuthSettings, type OAuthProvider } from '../../api/sign-in';
import { Check } from '../../components/Check';
import { useSettingsForm } from '../../components/useSettingsForm';
import { LinkingFlags, ProviderTextFields } from './ProviderFields';
import { CallbackHint, SignInProviderSection } from './SignInProviderSection';
import { useAuthToggle } from './useAuthToggle';

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
  const general = initial.generalAuth;
  const [enabled, toggle] = useAuthToggle(
    provider,
    (provider === 'github' ? general?.isGitHubEnabled : general?.isGoogleEnabled) ?? false,
    t(`${config.texts}.enable`),
  );
  const settings = useSettingsForm<Values>({
    initial: initialValues(provider, initial),
    save: async (values) => (await updateOAuthSettings(provider, values)) as unknown as Values,
    savedMessage: t('toast.update_succeeded', { target: config.title }),
  });
  const values = settings.form ?? {};
  const set = (key: string, value: string | boolean) => settings.setForm({ ...values, [key]: value });
  const specs = config.fields.map((key) => ({
    key,
    label: t(`${config.texts}.${key}`),
    secret: key === config.secret,
  }));

  return (
    <SignInProviderSection
      id={provider}
      title={config.title}
      settings={settings}
      enabled={enabled}
      switches={
        <Check label={t(`${config.texts}.enable`)} checked={enabled} onChange={(on) => void toggle(on)} />
      }
      hint={<CallbackHint provider={provider} />}
    >
      <ProviderTextFields specs={specs} values={values} update={set} />
      <p className="field-hint">{t(config.hint)}</p>
      <LinkingFlags flags={config.flags} values={values} update={set} />
    </SignInProviderSection>
  );
}
