// A dialog's closing row: Cancel, then the button that does the dialog's work — the form's submit
// button, or a plain button when the dialog is not a form (`onConfirm`).
import { useTranslation } from 'react-i18next';

interface Props {
  onCancel: () => void;
  confirmLabel: string;
  onConfirm?: () => void;
  /** `btn-danger` for what cannot be undone. */
  confirmClass?: string;
  disabled?: boolean;
  /** Cancel waits too (a restore that cannot be left half way). */
  cancelDisabled?: boolean;
}

export function DialogFooter(props: Props) {
  const { onCancel, confirmLabel, onConfirm, confirmClass = 'btn-primary', disabled, cancelDisabled } = props;
  const { t } = useTranslation();
  return (
    <div className="modal-footer">
      <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={cancelDisabled}>
        {t('common.cancel')}
      </button>
      <button
        type={onConfirm ? 'button' : 'submit'}
        className={`btn ${confirmClass}`}
        disabled={disabled}
        onClick={onConfirm}
      >
        {confirmLabel}
      </button>
    </div>
  );
}
