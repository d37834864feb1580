// /admin/security, issue 13: SAML 2 — the IdP's entry point and signing certificate, this wiki's
// issuer (its entity id, also the audience answers must be for), GROWI's attribute mapping, the
// attribute-based login rule and the linking switches; the on/off switch; the callback URL to give
// the IdP.
import { useTranslation } from 'react-i18next';
import type { SecurityParams } from '../../../../shared/account-types';
import type { SamlAuthParams } from '../../../../shared/sign-in-types';
import { updateSamlSettings } from '../../api/sign-in';
import { Check } from '../../components/Check';
import { TextAreaField } from '../../components/Field';
import { useSettingsForm } from '../../components/useSettingsForm';
import { LinkingFlags, ProviderTextFields } from './ProviderFields';
import { CallbackHint, SignInProviderSection } from './SignInProviderSection';
import { useAuthToggle } from './useAuthToggle';

const ENDS = ['samlEntryPoint', 'samlIssuer'] as const;
const MAPPING = [
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
  const [enabled, toggle] = useAuthToggle(
    'saml',
    initial.generalAuth?.isSamlEnabled ?? false,
    t('saml_admin.enable'),
  );
  const settings = useSettingsForm<SamlAuthParams>({
    initial: { ...EMPTY, ...initial.samlAuth },
    save: async (values) => ({ ...EMPTY, ...(await updateSamlSettings(values)) }),
    savedMessage: t('toast.update_succeeded', { target: 'SAML' }),
  });
  const values = settings.form ?? EMPTY;
  const set = (key: string, value: string | boolean) => settings.setForm({ ...values, [key]: value });
  const specs = (keys: readonly (keyof SamlAuthParams & string)[]) =>
    keys.map((key) => ({
      key,
      label: t(`saml_admin.${key}`),
      hint: key === 'samlABLCRule' ? t('saml_admin.ablc_hint') : undefined,
    }));

  return (
    <SignInProviderSection
      id="saml"
      title="SAML"
      settings={settings}
      enabled={enabled}
      testId="saml-settings"
      switches={<Check label={t('saml_admin.enable')} checked={enabled} onChange={(on) => void toggle(on)} />}
      hint={<CallbackHint provider="saml" />}
    >
      <ProviderTextFields specs={specs(ENDS)} values={values} update={set} />
      <TextAreaField
        label={t('saml_admin.samlCert')}
        rows={5}
        value={values.samlCert}
        placeholder="-----BEGIN CERTIFICATE-----"
        onChange={(e) => set('samlCert', e.target.value)}
      />
      <ProviderTextFields specs={specs(MAPPING)} values={values} update={set} />
      <LinkingFlags flags={FLAGS} values={values} update={set} />
    </SignInProviderSection>
  );
}
