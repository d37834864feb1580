// The card every settings form is drawn in: a title, an optional hint, the server's messages,
// the fields, and one submit button (busy while saving).
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessages } from './Field';

interface Props {
  title?: string;
  hint?: ReactNode;
  testId?: string;
  /** The form's state: its messages, whether it is saving, and its submit. */
  settings: { errors: string[]; busy: boolean; submit: (event: FormEvent) => void };
  /** Busy for another reason too (a test running beside the save). */
  busy?: boolean;
  /** Buttons beside Save (a connection test). */
  actions?: ReactNode;
  /** The Save button's text: GROWI's "Update" unless the screen says otherwise. */
  submitLabel?: string;
  children: ReactNode;
}

export function SettingsSection(props: Props) {
  const { title, hint, testId, settings, busy, actions, submitLabel, children } = props;
  const { t } = useTranslation();
  return (
    <form
      className="card form-card settings-card"
      onSubmit={(event) => void settings.submit(event)}
      noValidate
      data-testid={testId}
    >
      {title && <h2 className="modal-section-title">{title}</h2>}
      {hint && <p className="field-hint">{hint}</p>}
      <ErrorMessages messages={settings.errors} />
      {children}
      <div className="button-row">
        <button type="submit" className="btn btn-primary" disabled={settings.busy || busy}>
          {submitLabel ?? t('notifications.save')}
        </button>
        {actions}
      </div>
    </form>
  );
}
