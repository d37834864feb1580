// One co-editing session for the component's lifetime: the provider, its connection state, who is
// here, the draft status and the notices the server sends.
import { useEffect, useState } from 'react';
import type { CurrentUser } from '../../../../shared/api-types';
import { userColor } from '../../../../shared/coedit-protocol';
import type { CoeditStatus, OutsideEdit } from '../../../../shared/realtime-types';
import type { UserSummary } from '../../../../shared/api-types';
import { CoeditProvider, type ConnectionState } from './provider';

export interface Person {
  id: string;
  name: string;
  color: string;
}

export interface CoeditSession {
  /** The session's provider, once its first sync is done. */
  provider: CoeditProvider | null;
  synced: boolean;
  connection: ConnectionState;
  /** Close code when refused (4401, 4403, 4404). */
  refusedCode: number | null;
  people: Person[];
  status: CoeditStatus | null;
  baseRevisionId: string | null;
  outsideEdit: OutsideEdit | null;
  lastSavedBy: { revisionId: string; user: UserSummary | null } | null;
  dismissOutsideEdit: () => void;
}

function peopleOf(provider: CoeditProvider): Person[] {
  const byId = new Map<string, Person>();
  for (const state of provider.awareness.getStates().values()) {
    const user = (state as { user?: { id?: string; name?: string; color?: string } }).user;
    if (user?.id && user.name)
      byId.set(user.id, { id: user.id, name: user.name, color: user.color ?? '#888' });
  }
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
}

export function useCoeditSession(pageId: string, me: CurrentUser): CoeditSession {
  // Set once the first sync is done: the editor mounts with the shared text then.
  const [provider, setProvider] = useState<CoeditProvider | null>(null);
  const [connection, setConnection] = useState<ConnectionState>('connecting');
  const [refusedCode, setRefusedCode] = useState<number | null>(null);
  const [people, setPeople] = useState<Person[]>([]);
  const [status, setStatus] = useState<{ status: CoeditStatus; baseRevisionId: string } | null>(null);
  const [outsideEdit, setOutsideEdit] = useState<OutsideEdit | null>(null);
  const [lastSavedBy, setLastSavedBy] = useState<CoeditSession['lastSavedBy']>(null);

  useEffect(() => {
    const session = new CoeditProvider(pageId, {
      onState: (state, code) => {
        setConnection(state);
        if (state === 'refused') setRefusedCode(code ?? null);
      },
      onSynced: () => setProvider(session),
      onMessage: (message) => {
        if (message.type === 'status')
          setStatus({ status: message.status, baseRevisionId: message.baseRevisionId });
        else if (message.type === 'outside-edit') setOutsideEdit(message.edit);
        else if (message.type === 'saved')
          setLastSavedBy({ revisionId: message.revisionId, user: message.user });
      },
    });
    // The server stamps the real user; this is what we show ourselves until it answers.
    const color = userColor(me._id);
    session.awareness.setLocalStateField('user', { id: me._id, name: me.name, color, colorLight: color });
    // Presence changes with cursor moves too: re-render only when the list of people changes.
    let key = '';
    session.awareness.on('change', () => {
      const next = peopleOf(session);
      const nextKey = next.map((p) => p.id).join(',');
      if (nextKey !== key) {
        key = nextKey;
        setPeople(next);
      }
    });
    return () => {
      session.destroy();
      setProvider(null);
    };
  }, [pageId, me._id, me.name]);

  return {
    provider,
    synced: provider !== null,
    connection,
    refusedCode,
    people,
    status: status?.status ?? null,
    baseRevisionId: status?.baseRevisionId ?? null,
    outsideEdit,
    lastSavedBy,
    dismissOutsideEdit: () => setOutsideEdit(null),
  };
}
