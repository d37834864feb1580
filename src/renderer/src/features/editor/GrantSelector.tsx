// The editor's scope of disclosure (SPEC §3): Public, Anyone with the link, Only me, or Only inside
// the group(s) the user belongs to. `useGrantChoice` holds the choice for the editor: an existing
// page keeps its grant; a new page starts with its parent's.
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserGroup } from '../../../../shared/account-types';
import { GRANT } from '../../../../shared/api-types';
import { listMyGroups } from '../../api/accounts';
import { getPage } from '../../api/endpoints';
import { Icon } from '../../components/Icon';
import type { GrantFields } from '../../../../shared/account-types';
import {
  GRANT_CHOICES,
  GRANT_LABEL_KEYS,
  confirmingWiderGrant,
  grantOf,
  parentOf,
  saveWithGrant,
  type GrantChoice,
  type PageWithGrant,
} from './grant';

export function useGrantChoice(path: string, page: PageWithGrant | null) {
  const [choice, setChoice] = useState<GrantChoice>(() => grantOf(page));
  const [touched, setTouched] = useState(page !== null);
  useEffect(() => {
    if (touched || path === '/') return;
    let cancelled = false;
    getPage({ path: parentOf(path) }).then(
      (parent) => {
        if (!cancelled) setChoice(grantOf(parent as PageWithGrant));
      },
      () => undefined, // no parent page: public
    );
    return () => {
      cancelled = true;
    };
  }, [path, touched]);
  const choose = (next: GrantChoice) => {
    setTouched(true);
    setChoice(next);
  };
  return [choice, choose] as const;
}

/** The editor's save with the chosen grant, asking before a page becomes more open than its parent. */
export function useGrantedSave() {
  const { t } = useTranslation();
  return <T,>(choice: GrantChoice, send: (fields: GrantFields) => Promise<T>): Promise<T> =>
    saveWithGrant(choice, send, (message) => window.confirm(`${message}\n\n${t('grant.wider_confirm')}`), {
      notConfirmed: t('grant.not_confirmed'),
      noGroup: t('grant.choose_groups'),
    });
}

/** Move and duplicate keep the page's grant: asks before it lands under a more private parent. */
export function useWiderGrantConfirm() {
  const { t } = useTranslation();
  return <T,>(send: (confirmed: boolean) => Promise<T>): Promise<T> =>
    confirmingWiderGrant(
      send,
      (message) => window.confirm(`${message}\n\n${t('grant.wider_confirm')}`),
      t('grant.not_confirmed'),
    );
}

function useMyGroups(): UserGroup[] | null {
  const [groups, setGroups] = useState<UserGroup[] | null>(null);
  useEffect(() => {
    listMyGroups().then(setGroups, () => setGroups([]));
  }, []);
  return groups;
}

export function GrantSelector({
  value,
  onChange,
}: {
  value: GrantChoice;
  onChange: (next: GrantChoice) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const groups = useMyGroups();
  const toggleGroup = (groupId: string, on: boolean) =>
    onChange({
      grant: GRANT.userGroup,
      groupIds: on ? [...value.groupIds, groupId] : value.groupIds.filter((g) => g !== groupId),
    });
  const chosenNames = (groups ?? []).filter((g) => value.groupIds.includes(g._id)).map((g) => g.name);
  // A page may be granted to groups the editing user is not in (they stay granted): counted only.
  const others = value.groupIds.length - chosenNames.length;
  if (others > 0 && groups !== null) chosenNames.push(`+${others}`);
  return (
    <div className="grant-selector">
      <label htmlFor={id} className="grant-label">
        <Icon name={value.grant === GRANT.public ? 'file' : 'lock'} size={16} />
        <span className="visually-hidden">{t('grant.label')}</span>
      </label>
      <select
        id={id}
        className="input input-sm"
        value={value.grant}
        onChange={(event) => {
          const grant = Number(event.target.value) as GrantChoice['grant'];
          onChange({ grant, groupIds: grant === GRANT.userGroup ? value.groupIds : [] });
        }}
      >
        {GRANT_CHOICES.map((grant) => (
          <option key={grant} value={grant} disabled={grant === GRANT.userGroup && groups?.length === 0}>
            {t(GRANT_LABEL_KEYS[grant])}
          </option>
        ))}
      </select>
      {value.grant === GRANT.userGroup && (
        <details className="grant-groups">
          <summary>{chosenNames.length > 0 ? chosenNames.join(', ') : t('grant.choose_groups')}</summary>
          <div className="dropdown grant-groups-list">
            {groups === null ? (
              <div className="loading" aria-busy="true" />
            ) : groups.length === 0 ? (
              <p className="muted">{t('grant.no_groups')}</p>
            ) : (
              groups.map((group) => (
                <label key={group._id} className="check">
                  <input
                    type="checkbox"
                    checked={value.groupIds.includes(group._id)}
                    onChange={(event) => toggleGroup(group._id, event.target.checked)}
                  />
                  {group.name}
                </label>
              ))
            )}
          </div>
        </details>
      )}
    </div>
  );
}
