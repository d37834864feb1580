// /admin/security, issue 13: LDAP settings with GROWI's help texts (SPEC §3 fields), the switches
// for LDAP and HTTP Basic sign-in, and the test form against the saved settings.
import { useTranslation } from 'react-i18next';
import type { SecurityParams } from '../../../../shared/account-types';
import type { LdapAuthParams } from '../../../../shared/sign-in-types';
import { updateLdapSettings } from '../../api/sign-in';
import { Check } from '../../components/Check';
import { Field } from '../../components/Field';
import { Radios } from '../../components/Radios';
import { useSettingsForm } from '../../components/useSettingsForm';
import { LdapTestForm } from './LdapTestForm';
import { SignInProviderSection } from './SignInProviderSection';
import { useAuthToggle } from './useAuthToggle';

type TextKey = Exclude<keyof LdapAuthParams, 'isUserBind' | 'isSameUsernameTreatedAsIdenticalUser'>;

const EMPTY: LdapAuthParams = {
  serverUrl: '',
  isUserBind: false,
  ldapBindDN: '',
  ldapBindDNPassword: '',
  ldapSearchFilter: '',
  ldapAttrMapUsername: '',
  isSameUsernameTreatedAsIdenticalUser: false,
  ldapAttrMapMail: '',
  ldapAttrMapName: '',
  ldapGroupSearchBase: '',
  ldapGroupSearchFilter: '',
  ldapGroupDnProperty: '',
};

export function LdapSettingsForm({ initial }: { initial: SecurityParams }) {
  const { t } = useTranslation();
  const general = initial.generalAuth;
  const [ldapEnabled, toggleLdap] = useAuthToggle(
    'ldap',
    general?.isLdapEnabled ?? false,
    t('ldap_admin.enable_ldap'),
  );
  const [basicEnabled, toggleBasic] = useAuthToggle(
    'basic',
    general?.isBasicEnabled ?? false,
    t('ldap_admin.enable_basic'),
  );
  const settings = useSettingsForm<LdapAuthParams>({
    initial: initial.ldapAuth ?? EMPTY,
    save: updateLdapSettings,
    savedMessage: t('toast.update_succeeded', { target: t('ldap_admin.title') }),
  });
  const values = settings.form ?? EMPTY;
  const set = (patch: Partial<LdapAuthParams>) => settings.setForm({ ...values, ...patch });

  const text = (
    key: TextKey,
    label: string,
    hint?: string,
    extra: { type?: string; placeholder?: string } = {},
  ) => (
    <Field
      label={label}
      value={values[key]}
      hint={hint}
      autoComplete="off"
      {...extra}
      onChange={(e) => set({ [key]: e.target.value })}
    />
  );

  return (
    <SignInProviderSection
      id="ldap"
      title={t('ldap_admin.title')}
      settings={settings}
      enabled={ldapEnabled}
      switches={
        <>
          <Check
            label={t('ldap_admin.enable_ldap')}
            checked={ldapEnabled}
            onChange={(on) => void toggleLdap(on)}
          />
          <Check
            label={t('ldap_admin.enable_basic')}
            checked={basicEnabled}
            onChange={(on) => void toggleBasic(on)}
          />
        </>
      }
      hint={<p className="field-hint">{t('ldap_admin.basic_hint')}</p>}
      after={<LdapTestForm />}
    >
      {text('serverUrl', t('ldap_admin.server_url'), t('ldap_admin.server_url_hint'), {
        placeholder: 'ldaps://ldap.company.com/ou=people,dc=company,dc=com',
      })}
      <Radios
        name="ldap-bind-mode"
        legend={t('ldap_admin.bind_mode')}
        options={[false, true]}
        value={values.isUserBind}
        label={(userBind) => t(userBind ? 'ldap_admin.bind_user' : 'ldap_admin.bind_manager')}
        onChange={(isUserBind) => set({ isUserBind })}
      />
      {text(
        'ldapBindDN',
        t('ldap_admin.bind_dn'),
        values.isUserBind
          ? t('ldap_admin.bind_dn_user_hint', { token: '{{username}}' })
          : t('ldap_admin.bind_dn_manager_hint'),
      )}
      {!values.isUserBind &&
        text('ldapBindDNPassword', t('ldap_admin.bind_password'), t('ldap_admin.bind_password_hint'), {
          type: 'password',
        })}
      {text(
        'ldapSearchFilter',
        t('ldap_admin.search_filter'),
        t('ldap_admin.search_filter_hint', { token: '{{username}}' }),
        {
          placeholder: '(uid={{username}})',
        },
      )}
      <h3 className="modal-section-title">{t('ldap_admin.attribute_mapping')}</h3>
      {text('ldapAttrMapUsername', t('ldap_admin.attr_username'), t('ldap_admin.attr_username_hint'), {
        placeholder: 'uid',
      })}
      <Check
        label={t('ldap_admin.same_username')}
        checked={values.isSameUsernameTreatedAsIdenticalUser}
        onChange={(checked) => set({ isSameUsernameTreatedAsIdenticalUser: checked })}
      />
      <p className="field-hint">{t('ldap_admin.same_username_hint')}</p>
      {text('ldapAttrMapMail', t('ldap_admin.attr_mail'), t('ldap_admin.attr_mail_hint'), {
        placeholder: 'mail',
      })}
      {text('ldapAttrMapName', t('ldap_admin.attr_name'), t('ldap_admin.attr_name_hint'), {
        placeholder: 'cn',
      })}
      <h3 className="modal-section-title">{t('ldap_admin.group_search')}</h3>
      {text('ldapGroupSearchBase', t('ldap_admin.group_base'), t('ldap_admin.group_base_hint'), {
        placeholder: 'ou=groups,dc=domain,dc=com',
      })}
      {text(
        'ldapGroupSearchFilter',
        t('ldap_admin.group_filter'),
        t('ldap_admin.group_filter_hint', { token: '{{dn}}' }),
        {
          placeholder: '(&(cn=group1)(memberUid={{dn}}))',
        },
      )}
      {text(
        'ldapGroupDnProperty',
        t('ldap_admin.group_dn_property'),
        t('ldap_admin.group_dn_property_hint', { token: '{{dn}}' }),
        {
          placeholder: 'uid',
        },
      )}
    </SignInProviderSection>
  );
}
