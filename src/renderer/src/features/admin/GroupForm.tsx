// The group form of the user groups screens: name (required), description and parent group. Creating
// and editing a group differ only in the starting values, the parents offered and what saving does.
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../components/Field';
import { useAction } from '../../components/useAction';
import { indentLabel, type GroupRow } from './group-tree';

export interface GroupFormValues {
  name: string;
  description: string;
  parentId: string | null;
}

export function GroupForm({
  title,
  submitLabel,
  initial,
  parents,
  clearAfterSave = false,
  onSave,
}: {
  title: string;
  submitLabel: string;
  initial: GroupFormValues;
  /** The groups that may become the parent (never the group itself or one inside it). */
  parents: GroupRow[];
  clearAfterSave?: boolean;
  onSave: (values: GroupFormValues) => Promise<void>;
}) {
  const { t } = useTranslation();
  const parentFieldId = useId();
  const [name, setName] = useState(initial.name);
  const [description, setDescription] = useState(initial.description);
  const [parentId, setParentId] = useState(initial.parentId ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, save] = useAction(async () => {
    await onSave({ name: name.trim(), description, parentId: parentId || null });
    if (clearAfterSave) {
      setName('');
      setDescription('');
      setParentId('');
    }
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing = name.trim() ? null : t('form.required', { field: t('groups_admin.name') });
    setError(missing);
    if (!missing) void save();
  };
  return (
    <form className="card form-card settings-card" onSubmit={submit} noValidate>
      <h2>{title}</h2>
      <Field
        label={t('groups_admin.name')}
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={error}
      />
      <Field
        label={t('groups_admin.description')}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
      />
      <div className="field">
        <label htmlFor={parentFieldId}>{t('groups_admin.parent')}</label>
        <select
          id={parentFieldId}
          className="input"
          value={parentId}
          onChange={(e) => setParentId(e.target.value)}
        >
          <option value="">{t('groups_admin.no_parent')}</option>
          {parents.map((row) => (
            <option key={row.group._id} value={row.group._id}>
              {indentLabel(row)}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {submitLabel}
      </button>
    </form>
  );
}
