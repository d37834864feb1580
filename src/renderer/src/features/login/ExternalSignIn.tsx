// The login page's redirect sign-ins (issue 13): one button per provider the admin enabled, and the
// translated reason when one came back to /login?externalAccountLoginError=<code>.
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Alert } from '../../components/Field';
import { useSession } from '../../stores/session';

/** One empty list: a selector answering a new [] each time makes React re-render forever (#185). */
const NO_BUTTONS: never[] = [];

const KNOWN_ERRORS = new Set([
  'sign_in_failure',
  'strategy_has_not_been_set_up',
  'provider-duplicated-username-exception',
  'username_should_not_be_null',
  'user_upper_limit',
  'external_account_taken',
  'user_not_active',
  'insufficient_privileges',
]);

/** The error code in the address, as one of the known ones (anything else: a plain failure). */
export function externalErrorCode(search: string): string | null {
  const code = new URLSearchParams(search).get('externalAccountLoginError');
  if (code === null) return null;
  return KNOWN_ERRORS.has(code) ? code : 'sign_in_failure';
}

export function ExternalSignInError() {
  const { t } = useTranslation();
  const code = externalErrorCode(useLocation().search);
  if (!code) return null;
  return <Alert kind="error">{t(`external_sign_in.errors.${code}`)}</Alert>;
}

/** GROWI's warning when LDAP sign-in is on but cannot work: directory users learn why, at once. */
export function LdapSetupWarning() {
  const { t } = useTranslation();
  const failed = useSession((s) => s.config.isLdapSetupFailed === true);
  return failed ? <Alert kind="warning">{t('login.ldap_setup_failed')}</Alert> : null;
}

export function ExternalSignInButtons() {
  const { t } = useTranslation();
  const buttons = useSession((s) => s.config.externalAuth ?? NO_BUTTONS);
  if (buttons.length === 0) return null;
  return (
    <div className="external-sign-in">
      <p className="muted">{t('external_sign_in.or')}</p>
      {buttons.map((button) => (
        // A full navigation: the provider's pages are not part of this app.
        <a key={button.id} className="btn btn-secondary btn-block" href={`/passport/${button.id}`}>
          {t('external_sign_in.sign_in_with', {
            provider: button.label || t(`external_sign_in.${button.id}_default`),
          })}
        </a>
      ))}
    </div>
  );
}
