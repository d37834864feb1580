// The toast stack (SPEC §8/§9): error toasts stay until closed; success toasts leave after 3 s and
// show their remaining time as a progress bar. New toasts join the bottom of the stack.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useToasts, type Toast } from '../stores/toasts';
import { Icon } from './Icon';

function ToastItem({ toast }: { toast: Toast }) {
  const { t } = useTranslation();
  const dismiss = useToasts((s) => s.dismiss);
  useEffect(() => {
    if (toast.timeout <= 0) return;
    const timer = setTimeout(() => dismiss(toast.id), toast.timeout);
    return () => clearTimeout(timer);
  }, [toast.id, toast.timeout, dismiss]);
  const isError = toast.kind === 'error';
  return (
    <div
      className={`toast toast-${toast.kind}`}
      role={isError ? 'alert' : 'status'}
      data-testid={`toast-${toast.kind}`}
    >
      <div className="toast-header">
        <strong>{isError ? t('toast.error') : t('toast.success')}</strong>
        <button
          type="button"
          className="icon-button"
          onClick={() => dismiss(toast.id)}
          aria-label={t('common.close')}
        >
          <Icon name="close" size={16} />
        </button>
      </div>
      <div className="toast-body">
        {toast.messages.map((message, i) => (
          <p key={i}>{message}</p>
        ))}
      </div>
      {toast.timeout > 0 && (
        <div className="toast-progress" style={{ animationDuration: `${toast.timeout}ms` }} />
      )}
    </div>
  );
}

export function Toasts() {
  const toasts = useToasts((s) => s.toasts);
  return (
    <div className="toast-stack" aria-live="polite">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </div>
  );
}
