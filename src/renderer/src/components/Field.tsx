// A labelled form control with its validation message.
import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string | null;
  hint?: ReactNode;
}

export function Field({ label, error, hint, ...input }: FieldProps) {
  const id = useId();
  const messageId = `${id}-message`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className={error ? 'input invalid' : 'input'}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? messageId : undefined}
        {...input}
      />
      {error ? (
        <p id={messageId} className="field-error">
          {error}
        </p>
      ) : (
        hint && (
          <p id={messageId} className="field-hint">
            {hint}
          </p>
        )
      )}
    </div>
  );
}

export function Alert({
  kind,
  children,
}: {
  kind: 'error' | 'warning' | 'info' | 'success';
  children: ReactNode;
}) {
  return (
    <div className={`alert alert-${kind}`} role={kind === 'error' ? 'alert' : undefined}>
      {children}
    </div>
  );
}

/** The messages a failed submission got back from the server; nothing when there are none. */
export function ErrorMessages({ messages }: { messages: string[] }) {
  if (messages.length === 0) return null;
  return (
    <Alert kind="error">
      {messages.map((message, i) => (
        <p key={i}>{message}</p>
      ))}
    </Alert>
  );
}

/** A labelled multi-line text box (a certificate, a list of lines). */
export function TextAreaField({
  label,
  hint,
  ...area
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; hint?: ReactNode }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea id={id} className="input" aria-describedby={hint ? `${id}-hint` : undefined} {...area} />
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
    </div>
  );
}
