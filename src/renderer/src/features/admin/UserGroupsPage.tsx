// /admin/user-groups (SPEC §2): every group with its nesting, member and child counts; create a
// group (optionally inside another); each name leads to the group's page.
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { UserGroup } from '../../../../shared/account-types';
import { createGroup, listGroups } from '../../api/accounts';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { errorMessages, toastSuccess } from '../../stores/toasts';
import { GroupDeleteDialog } from './GroupDeleteDialog';
import { GroupForm } from './GroupForm';
import { groupRows } from './group-tree';
import { DataTable } from '../../components/DataTable';
import { LoadState } from '../../components/LoadState';

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
      <LoadState items={groups} error={error} empty={t('groups_admin.none')}>
        {(items) => (
          <DataTable
            className="data-table groups-table"
            ns="groups_admin"
            columns={['name', 'description', 'members', 'children', '']}
          >
            {groupRows(items).map(({ group, depth }) => (
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
          </DataTable>
        )}
      </LoadState>
      <GroupForm
        title={t('groups_admin.create')}
        submitLabel={t('groups_admin.create_submit')}
        initial={{ name: '', description: '', parentId: null }}
        parents={groupRows(groups ?? [])}
        clearAfterSave
        onSave={async (values) => {
          await createGroup(values);
          toastSuccess(t('groups_admin.created', { name: values.name }));
          void load();
        }}
      />
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
