// The dialog that edits a page's tags: chips with a remove button, an input that autocompletes
// existing tags (Enter, comma or space adds the typed tag), and Save.
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Page } from '../../../../shared/api-types';
import { normalizeTagName } from '../../../../shared/social-types';
import { Icon } from '../../components/Icon';
import { Modal } from '../../components/Modal';
import { errorMessages, toastError, toastSuccess } from '../../stores/toasts';
import { updateTags } from './api';
import { useTagSuggestions } from './useTagSuggestions';
import { DialogFooter } from '../../components/DialogFooter';

interface Props {
  page: Page;
  onClose: () => void;
  onSaved: (tags: string[]) => void;
}

export function TagsEditDialog({ page, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const listId = useId();
  const inputId = useId();
  const [tags, setTags] = useState<string[]>(page.tags);
  const [typed, setTyped] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [saving, setSaving] = useState(false);
  const suggestions = useTagSuggestions(typed).filter(
    (s) => !tags.some((tag) => tag.toLowerCase() === s.toLowerCase()),
  );

  /** Adds what is typed; false when it cannot be a tag. */
  const addTyped = (): boolean => {
    if (typed.trim() === '') return true;
    const name = normalizeTagName(typed);
    if (name === null) {
      setInvalid(true);
      return false;
    }
    if (!tags.some((tag) => tag.toLowerCase() === name.toLowerCase())) setTags([...tags, name]);
    setTyped('');
    setInvalid(false);
    return true;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',' || event.key === ' ') {
      if (typed.trim() === '' && event.key === 'Enter') return; // Enter on an empty input saves
      event.preventDefault();
      addTyped();
    } else if (event.key === 'Backspace' && typed === '' && tags.length > 0) {
      setTags(tags.slice(0, -1));
    }
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!addTyped()) return;
    const name = typed.trim() === '' ? null : normalizeTagName(typed);
    const next = name && !tags.includes(name) ? [...tags, name] : tags;
    setSaving(true);
    try {
      const saved = await updateTags(page._id, page.revision._id, next);
      toastSuccess(t('tags.saved'));
      onSaved(saved);
    } catch (err) {
      toastError(errorMessages(err));
      setSaving(false);
    }
  };

  return (
    <Modal title={t('tags.edit_title')} onClose={onClose}>
      <form className="modal-body tags-edit" onSubmit={save}>
        <ul className="tag-chips" aria-label={t('tags.current')}>
          {tags.length === 0 && <li className="muted">{t('tags.none')}</li>}
          {tags.map((tag) => (
            <li key={tag} className="tag-chip">
              {tag}
              <button
                type="button"
                className="tag-chip-remove"
                aria-label={t('tags.remove', { tag })}
                onClick={() => setTags(tags.filter((x) => x !== tag))}
              >
                <Icon name="close" size={12} />
              </button>
            </li>
          ))}
        </ul>
        <div className="field">
          <label htmlFor={inputId}>{t('tags.add_label')}</label>
          <input
            id={inputId}
            className={invalid ? 'input invalid' : 'input'}
            value={typed}
            list={listId}
            autoFocus
            autoComplete="off"
            aria-invalid={invalid}
            placeholder={t('tags.placeholder')}
            onChange={(event) => {
              setTyped(event.target.value);
              setInvalid(false);
            }}
            onKeyDown={onKeyDown}
          />
          <datalist id={listId}>
            {suggestions.map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
          {invalid ? (
            <p className="field-error">{t('tags.invalid')}</p>
          ) : (
            <p className="field-hint">{t('tags.hint')}</p>
          )}
        </div>
        <DialogFooter onCancel={onClose} confirmLabel={t('tags.save')} disabled={saving} />
      </form>
    </Modal>
  );
}
