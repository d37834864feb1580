// /admin/user-groups (SPEC §2): every group with its nesting, member and child counts; create a
// group (optionally inside another); each name leads to the group's page.
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { UserGroup } from '../../../../shared/account-types';
import { createGroup, listGroups } from '../../api/accounts';
import { Alert, Field } from '../../components/Field';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { errorMessages, toastError, toastSuccess } from '../../stores/toasts';
import { GroupDeleteDialog } from './GroupDeleteDialog';
import { groupRows, indentLabel } from './group-tree';

function CreateGroupForm({ groups, onCreated }: { groups: UserGroup[]; onCreated: () => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [parentId, setParentId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing = name.trim() ? null : t('form.required', { field: t('groups_admin.name') });
    setError(missing);
    if (missing) return;
    setBusy(true);
    try {
      await createGroup({ name: name.trim(), description, parentId: parentId || null });
      toastSuccess(t('groups_admin.created', { name: name.trim() }));
      setName('');
      setDescription('');
      setParentId('');
      onCreated();
    } catch (err) {
      toastError(errorMessages(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="card form-card settings-card" onSubmit={submit} noValidate>
      <h2>{t('groups_admin.create')}</h2>
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
        <label htmlFor="new-group-parent">{t('groups_admin.parent')}</label>
        <select
          id="new-group-parent"
          className="input"
          value={parentId}
          onChange={(e) => setParentId(e.target.value)}
        >
          <option value="">{t('groups_admin.no_parent')}</option>
          {groupRows(groups).map((row) => (
            <option key={row.group._id} value={row.group._id}>
              {indentLabel(row)}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {t('groups_admin.create_submit')}
      </button>
    </form>
  );
}

export function UserGroupsPage() {
  const { t } = useTranslation();
  const [groups, setGroups] = useState<UserGroup[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<UserGroup | null>(null);
  useDocumentTitle(t('admin.user_groups'));

  const load = useCallback(
    () =>
      listGroups().then(
        (next) => {
          setGroups(next);
          setError(null);
        },
        (err: unknown) => setError(errorMessages(err).join('\n')),
      ),
    [],
  );
  useEffect(() => void load(), [load]);

  return (
    <main className="content admin-content">
      <h1 className="page-title">{t('admin.user_groups')}</h1>
      {error && <Alert kind="error">{error}</Alert>}
      {groups === null ? (
        !error && <div className="loading" aria-busy="true" />
      ) : groups.length === 0 ? (
        <p className="muted">{t('groups_admin.none')}</p>
      ) : (
        <table className="data-table groups-table">
          <thead>
            <tr>
              <th>{t('groups_admin.name')}</th>
              <th>{t('groups_admin.description')}</th>
              <th>{t('groups_admin.members')}</th>
              <th>{t('groups_admin.children')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {groupRows(groups).map(({ group, depth }) => (
              <tr key={group._id} data-group={group.name}>
                <td style={{ paddingLeft: `${8 + depth * 20}px` }}>
                  {depth > 0 && <span className="muted nest-mark">└ </span>}
                  <Link to={`/admin/user-groups/${group._id}`}>{group.name}</Link>
                </td>
                <td>{group.description}</td>
                <td>{group.memberCount}</td>
                <td>{group.childCount}</td>
                <td>
                  <button
                    type="button"
                    className="btn btn-sm btn-secondary"
                    onClick={() => setDeleting(group)}
                  >
                    {t('groups_admin.delete')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <CreateGroupForm groups={groups ?? []} onCreated={() => void load()} />
      {deleting && groups && (
        <GroupDeleteDialog
          group={deleting}
          groups={groups}
          onClose={() => setDeleting(null)}
          onDeleted={() => {
            setDeleting(null);
            void load();
          }}
        />
      )}
    </main>
  );
}
