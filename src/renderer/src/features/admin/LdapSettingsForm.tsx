// /admin/security, issue 13: LDAP settings with GROWI's help texts (SPEC §3 fields), the switches
// for LDAP and HTTP Basic sign-in, and the test form against the saved settings.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SecurityParams } from '../../../../shared/account-types';
import type { LdapAuthParams } from '../../../../shared/sign-in-types';
import { setAuthEnabled, updateLdapSettings } from '../../api/sign-in';
import { Field } from '../../components/Field';
import { errorMessages, toastError, toastSuccess } from '../../stores/toasts';
import { LdapTestForm } from './LdapTestForm';
import { Check } from '../../components/Check';

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
  const [values, setValues] = useState<LdapAuthParams>(initial.ldapAuth ?? EMPTY);
  const [ldapEnabled, setLdapEnabled] = useState(initial.generalAuth?.isLdapEnabled ?? false);
  const [basicEnabled, setBasicEnabled] = useState(initial.generalAuth?.isBasicEnabled ?? false);
  const [busy, setBusy] = useState(false);

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
      onChange={(e) => setValues({ ...values, [key]: e.target.value })}
    />
  );

  const toggle = async (authId: 'ldap' | 'basic', isEnabled: boolean, set: (v: boolean) => void) => {
    try {
      await setAuthEnabled(authId, isEnabled);
      set(isEnabled);
      toastSuccess(t('toast.update_succeeded', { target: t(`ldap_admin.enable_${authId}`) }));
    } catch (err) {
      toastError(errorMessages(err));
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      setValues(await updateLdapSettings(values));
      toastSuccess(t('toast.update_succeeded', { target: t('ldap_admin.title') }));
    } catch (err) {
      toastError(errorMessages(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card form-card settings-card security-form" aria-labelledby="ldap-title">
      <h2 id="ldap-title" className="modal-section-title">
        {t('ldap_admin.title')}
      </h2>
      <Check
        label={t('ldap_admin.enable_ldap')}
        checked={ldapEnabled}
        onChange={(checked) => void toggle('ldap', checked, setLdapEnabled)}
      />
      <Check
        label={t('ldap_admin.enable_basic')}
        checked={basicEnabled}
        onChange={(checked) => void toggle('basic', checked, setBasicEnabled)}
      />
      <p className="field-hint">{t('ldap_admin.basic_hint')}</p>
      <form onSubmit={submit} noValidate>
        {text('serverUrl', t('ldap_admin.server_url'), t('ldap_admin.server_url_hint'), {
          placeholder: 'ldaps://ldap.company.com/ou=people,dc=company,dc=com',
        })}
        <fieldset className="radio-group">
          <legend className="modal-section-title">{t('ldap_admin.bind_mode')}</legend>
          <label className="check">
            <input
              type="radio"
              name="ldap-bind-mode"
              checked={!values.isUserBind}
              onChange={() => setValues({ ...values, isUserBind: false })}
            />
            {t('ldap_admin.bind_manager')}
          </label>
          <label className="check">
            <input
              type="radio"
              name="ldap-bind-mode"
              checked={values.isUserBind}
              onChange={() => setValues({ ...values, isUserBind: true })}
            />
            {t('ldap_admin.bind_user')}
          </label>
        </fieldset>
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
          onChange={(checked) => setValues({ ...values, isSameUsernameTreatedAsIdenticalUser: checked })}
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
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {t('me.update')}
        </button>
      </form>
      <LdapTestForm />
    </section>
  );
}
