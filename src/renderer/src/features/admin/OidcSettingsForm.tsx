// /admin/security, issue 13: OpenID Connect — provider name, issuer (discovery) or explicit
// endpoints, client id and secret (write-only), claim mapping and GROWI's two linking switches.
// Saving re-runs discovery and says at once whether the provider can be used.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SecurityParams } from '../../../../shared/account-types';
import type { OidcAuthParams } from '../../../../shared/sign-in-types';
import { updateOidcSettings } from '../../api/sign-in';
import { Check } from '../../components/Check';
import { Alert } from '../../components/Field';
import { useSettingsForm } from '../../components/useSettingsForm';
import { LinkingFlags, ProviderTextFields } from './ProviderFields';
import { CallbackHint, SignInProviderSection, type TextFieldSpec } from './SignInProviderSection';
import { useAuthToggle } from './useAuthToggle';

type Values = Partial<OidcAuthParams>;

const FIELDS: [keyof OidcAuthParams & string, string, string?][] = [
  ['oidcProviderName', 'provider_name'],
  ['oidcIssuerHost', 'issuer', 'https://auth.example.com/realms/team'],
  ['oidcClientId', 'client_id'],
  ['oidcClientSecret', 'client_secret'],
  ['oidcAuthorizationEndpoint', 'authorization_endpoint'],
  ['oidcTokenEndpoint', 'token_endpoint'],
  ['oidcUserInfoEndpoint', 'userinfo_endpoint'],
  ['oidcJWKSUri', 'jwks_uri'],
  ['oidcAttrMapId', 'attr_id', 'sub'],
  ['oidcAttrMapUserName', 'attr_username', 'preferred_username'],
  ['oidcAttrMapName', 'attr_name', 'name'],
  ['oidcAttrMapEmail', 'attr_mail', 'email'],
];
const FLAGS = ['isSameUsernameTreatedAsIdenticalUser', 'isSameEmailTreatedAsIdenticalUser'] as const;

export function OidcSettingsForm({ initial }: { initial: SecurityParams }) {
  const { t } = useTranslation();
  const [enabled, toggle] = useAuthToggle(
    'oidc',
    initial.generalAuth?.isOidcEnabled ?? false,
    t('oidc_admin.enable'),
  );
  const [setupError, setSetupError] = useState<string | null>(null);
  const settings = useSettingsForm<Values>({
    initial: initial.oidcAuth ?? {},
    save: async (values) => {
      const { isOidcSetUp, oidcSetupError, ...saved } = await updateOidcSettings(values);
      setSetupError(enabled && !isOidcSetUp ? (oidcSetupError ?? '') : null);
      return saved;
    },
    savedMessage: t('toast.update_succeeded', { target: t('oidc_admin.title') }),
  });
  const values = settings.form ?? {};
  const specs: TextFieldSpec<keyof Values & string>[] = FIELDS.map(([key, label, placeholder]) => ({
    key,
    label: t(`oidc_admin.${label}`),
    placeholder,
    secret: key === 'oidcClientSecret',
  }));
  const set = (key: string, value: string | boolean) => settings.setForm({ ...values, [key]: value });

  return (
    <SignInProviderSection
      id="oidc"
      title={t('oidc_admin.title')}
      settings={settings}
      enabled={enabled}
      switches={
        <>
          <Check label={t('oidc_admin.enable')} checked={enabled} onChange={(on) => void toggle(on)} />
          {setupError !== null && (
            <Alert kind="warning">{t('oidc_admin.not_set_up', { reason: setupError })}</Alert>
          )}
        </>
      }
      hint={<CallbackHint provider="oidc" />}
    >
      <ProviderTextFields specs={specs} values={values} update={set} />
      <LinkingFlags flags={FLAGS} values={values} update={set} />
    </SignInProviderSection>
  );
}
