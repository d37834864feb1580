// /admin/user-groups/{id}: rename, describe or move a group under another; add members by user id
// and remove them; delete it (with the SPEC §4 choice for its pages).
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { UserGroup } from '../../../../shared/account-types';
import type { UserSummary } from '../../../../shared/api-types';
import {
  addGroupMember,
  getGroupMembers,
  listGroups,
  removeGroupMember,
  updateGroup,
} from '../../api/accounts';
import { Alert } from '../../components/Field';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { errorMessages, toastError, toastSuccess } from '../../stores/toasts';
import { GroupDeleteDialog } from './GroupDeleteDialog';
import { GroupForm } from './GroupForm';
import { groupsOutside } from './group-tree';
import { LoadState } from '../../components/LoadState';

function Members({ groupId }: { groupId: string }) {
  const { t } = useTranslation();
  const [members, setMembers] = useState<UserSummary[] | null>(null);
  const [username, setUsername] = useState('');
  const [busy, setBusy] = useState(false);
  const load = useCallback(
    () => getGroupMembers(groupId).then(setMembers, (err: unknown) => toastError(errorMessages(err))),
    [groupId],
  );
  useEffect(() => void load(), [load]);

  const change = async (run: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await run();
      toastSuccess(done);
      await load();
      return true;
    } catch (err) {
      toastError(errorMessages(err));
      return false;
    } finally {
      setBusy(false);
    }
  };
  const add = async (event: FormEvent) => {
    event.preventDefault();
    const name = username.trim();
    if (!name) return;
    if (await change(() => addGroupMember(groupId, name), t('groups_admin.member_added', { username: name })))
      setUsername('');
  };

  return (
    <section className="card settings-card" aria-labelledby="members-title">
      <h2 id="members-title">{t('groups_admin.members')}</h2>
      <form className="member-add" onSubmit={add}>
        <input
          className="input"
          aria-label={t('groups_admin.add_member_label')}
          placeholder={t('groups_admin.add_member_label')}
          value={username}
          onChange={(e) => setUsername(e.target.value)}
        />
        <button type="submit" className="btn btn-primary" disabled={busy || !username.trim()}>
          {t('groups_admin.add_member')}
        </button>
      </form>
      <LoadState items={members} empty={t('groups_admin.no_members')}>
        {(items) => (
          <table className="data-table">
            <tbody>
              {items.map((member) => (
                <tr key={member._id} data-member={member.username}>
                  <td>{member.username}</td>
                  <td>{member.name}</td>
                  <td>
                    <button
                      type="button"
                      className="btn btn-sm btn-secondary"
                      disabled={busy}
                      onClick={() =>
                        void change(
                          () => removeGroupMember(groupId, member.username),
                          t('groups_admin.member_removed', { username: member.username }),
                        )
                      }
                    >
                      {t('groups_admin.remove_member')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </LoadState>
    </section>
  );
}

export function UserGroupPage() {
  const { t } = useTranslation();
  const { groupId = '' } = useParams();
  const navigate = useNavigate();
  const [groups, setGroups] = useState<UserGroup[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const load = useCallback(
    () => listGroups().then(setGroups, (err: unknown) => setError(errorMessages(err).join('\n'))),
    [],
  );
  useEffect(() => void load(), [load]);
  const group = groups?.find((g) => g._id === groupId) ?? null;
  useDocumentTitle(group?.name ?? t('admin.user_groups'));

  if (error)
    return (
      <main className="content admin-content">
        <Alert kind="error">{error}</Alert>
      </main>
    );
  if (!groups) return <div className="loading" aria-busy="true" />;
  if (!group) {
    return (
      <main className="content admin-content">
        <Alert kind="error">{t('groups_admin.not_found')}</Alert>
        <Link to="/admin/user-groups">{t('admin.user_groups')}</Link>
      </main>
    );
  }
  const parent = groups.find((g) => g._id === group.parent);
  return (
    <main className="content admin-content">
      <p className="muted">
        <Link to="/admin/user-groups">{t('admin.user_groups')}</Link>
        {parent && (
          <>
            {' '}
            / <Link to={`/admin/user-groups/${parent._id}`}>{parent.name}</Link>
          </>
        )}
      </p>
      <div className="page-title-row">
        <h1 className="page-title">{group.name}</h1>
        <button type="button" className="btn btn-danger" onClick={() => setDeleting(true)}>
          {t('groups_admin.delete')}
        </button>
      </div>
      <GroupForm
        key={`${group._id}-${group.name}-${group.parent ?? ''}`}
        title={t('groups_admin.settings')}
        submitLabel={t('me.update')}
        initial={{ name: group.name, description: group.description, parentId: group.parent }}
        parents={groupsOutside(groups, group._id)}
        onSave={async (values) => {
          await updateGroup(group._id, values);
          toastSuccess(t('toast.update_succeeded', { target: values.name }));
          void load();
        }}
      />
      <Members groupId={group._id} />
      {deleting && (
        <GroupDeleteDialog
          group={group}
          groups={groups}
          onClose={() => setDeleting(false)}
          onDeleted={() => void navigate('/admin/user-groups')}
        />
      )}
    </main>
  );
}
