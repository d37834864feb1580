// One dialog for moving and duplicating a page: a new path, "with descendants", and the server's
// messages ('Please input the new page path', 'already exists', …) shown in place.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, ErrorMessages } from '../../components/Field';
import { Modal } from '../../components/Modal';
import { errorMessages } from '../../stores/toasts';
import { DialogFooter } from '../../components/DialogFooter';

interface Props {
  title: string;
  submitLabel: string;
  initialPath: string;
  onSubmit: (newPath: string, withDescendants: boolean) => Promise<void>;
  onClose: () => void;
}

export function PathActionDialog({ title, submitLabel, initialPath, onSubmit, onClose }: Props) {
  const { t } = useTranslation();
  const [path, setPath] = useState(initialPath);
  const [withDescendants, setWithDescendants] = useState(true);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // SPEC §5's message, before asking the server (which says the same).
    if (path.trim() === '') return setErrors([t('page_actions.new_path_required')]);
    setBusy(true);
    setErrors([]);
    try {
      await onSubmit(path.trim(), withDescendants);
    } catch (err) {
      setErrors(errorMessages(err));
      setBusy(false);
    }
  };

  return (
    <Modal title={title} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <div className="modal-body">
          <ErrorMessages messages={errors} />
          <Field
            label={t('page_actions.new_path')}
            value={path}
            onChange={(event) => setPath(event.target.value)}
            autoFocus
            spellCheck={false}
          />
          <label className="check">
            <input
              type="checkbox"
              checked={withDescendants}
              onChange={(event) => setWithDescendants(event.target.checked)}
            />
            {t('page_actions.with_descendants')}
          </label>
        </div>
        <DialogFooter onCancel={onClose} confirmLabel={submitLabel} disabled={busy} />
      </form>
    </Modal>
  );
}
