// The page-create dialog (SPEC §2): today's memo, create under a path (required, defaulting to the
// current path plus a slash when creatable), and a template for children or descendants.
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { generateEditorPath } from '../../../../shared/page-path';
import { mayEditPages } from '../../stores/permissions';
import { useSession } from '../../stores/session';
import { TemplateForm, TodayMemoForm } from './MemoAndTemplateForms';
import { defaultParentPath, PATH_ERROR_KEYS } from './memo-path';
import { usePathSuggestions } from './usePathSuggestions';
import { PluginTemplateForm } from '../plugins/PluginTemplateForm';
import { Field } from '../../components/Field';
import { Modal } from '../../components/Modal';
import { requiredError } from '../../components/forms';
import { useUi } from '../../stores/ui';
import { DialogFooter } from '../../components/DialogFooter';

function CreateUnderPathForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [value, setValue] = useState(() => defaultParentPath(useUi.getState().currentPath));
  const [error, setError] = useState<string | null>(null);
  const suggestions = usePathSuggestions(value);
  const listId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing = requiredError(t, value, 'path');
    if (missing) return setError(missing);
    try {
      const target = generateEditorPath(value.trim());
      onDone();
      navigate(target);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      setError(t(PATH_ERROR_KEYS[message] ?? 'path.invalid_format'));
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <div className="modal-body">
        <h3 className="modal-section-title">{t('new_page.under_path')}</h3>
        <Field
          label={t('fields.path')}
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            setError(null);
          }}
          error={error}
          hint={t('new_page.hint')}
          required
          autoFocus
          spellCheck={false}
          list={listId}
          autoComplete="off"
        />
        <datalist id={listId}>
          {suggestions.map((path) => (
            <option key={path} value={`${path}/`} />
          ))}
        </datalist>
      </div>
      <DialogFooter onCancel={onDone} confirmLabel={t('new_page.create')} />
    </form>
  );
}

export function NewPageDialog() {
  const { t } = useTranslation();
  const open = useUi((s) => s.newPageOpen);
  const setOpen = useUi((s) => s.setNewPageOpen);
  const user = useSession((s) => s.user);
  if (!open || !mayEditPages(user)) return null;
  const close = () => setOpen(false);
  return (
    <Modal title={t('new_page.title')} onClose={close}>
      {user && <TodayMemoForm username={user.username} onDone={close} />}
      <CreateUnderPathForm onDone={close} />
      <TemplateForm onDone={close} />
      <PluginTemplateForm onDone={close} />
    </Modal>
  );
}
