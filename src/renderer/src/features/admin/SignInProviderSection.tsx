// The card every sign-in provider is set up in on /admin/security: its title, its on/off
// switches (each saved at once), what to give the identity provider, then the settings form
// (saved with Update) and whatever the provider adds below (LDAP's test form). The settings of a
// provider that is off stay folded behind one button (issue 30: the screen was every provider's
// form at once); switching it on unfolds them.
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessages } from '../../components/Field';
import type { SettingsForm } from '../../components/useSettingsForm';

interface Props<T> {
  id: string;
  title: string;
  /** Whether the provider is on: its settings show unfolded. */
  enabled: boolean;
  switches: ReactNode;
  hint?: ReactNode;
  settings: SettingsForm<T>;
  testId?: string;
  children: ReactNode;
  after?: ReactNode;
}

export function SignInProviderSection<T>(props: Props<T>) {
  const { id, title, enabled, switches, hint, settings, testId, children, after } = props;
  const { t } = useTranslation();
  // Follows the switch until the admin folds or unfolds it by hand.
  const [choice, setChoice] = useState<boolean | null>(null);
  const open = choice ?? enabled;
  return (
    <section className="card form-card settings-card security-form" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="modal-section-title">
        {title}
      </h2>
      {switches}
      <button
        type="button"
        className="btn btn-link disclosure"
        aria-expanded={open}
        aria-controls={`${id}-settings`}
        onClick={() => setChoice(!open)}
      >
        {open ? t('security_admin.hide_settings') : t('security_admin.show_settings')}
      </button>
      <div id={`${id}-settings`} hidden={!open}>
        {hint}
        <form onSubmit={settings.submit} noValidate data-testid={testId}>
          <ErrorMessages messages={settings.errors} />
          {children}
          <button type="submit" className="btn btn-primary" disabled={settings.busy}>
            {t('me.update')}
          </button>
        </form>
        {after}
      </div>
    </section>
  );
}

/** The address the identity provider sends people back to after they sign in. */
export function CallbackHint({ provider }: { provider: string }) {
  const { t } = useTranslation();
  const url = `${window.location.origin}/passport/${provider}/callback`;
  return <p className="field-hint">{t('oidc_admin.callback_hint', { url })}</p>;
}

export interface TextFieldSpec<K> {
  key: K;
  label: string;
  secret?: boolean;
  placeholder?: string;
  hint?: string;
}
