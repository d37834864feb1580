// What co-editors are told: who is here, the connection, and a save made outside the session.
import { useTranslation } from 'react-i18next';
import type { CoeditStatus, OutsideEdit } from '../../../../shared/realtime-types';
import { Alert } from '../../components/Field';
import type { ConnectionState } from './provider';
import type { Person } from './useCoeditSession';

export function Presence({ people, connection }: { people: Person[]; connection: ConnectionState }) {
  const { t } = useTranslation();
  return (
    <div className="coedit-presence" aria-label={t('coediting.people')} data-testid="coedit-presence">
      <span className="coedit-connection muted" data-testid="coedit-connection" data-state={connection}>
        {t(`coediting.connection_${connection}`)}
      </span>
      {people.map((person) => (
        <span key={person.id} className="coedit-person" style={{ background: person.color }}>
          {person.name}
        </span>
      ))}
    </div>
  );
}

export function DraftStatusLabel({ status }: { status: CoeditStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`draft-status draft-status-${status}`} data-testid="draft-status" data-status={status}>
      {t(`coediting.status_${status}`)}
    </span>
  );
}

export function OutsideEditNotice({
  edit,
  pageId,
  busy,
  onOverwrite,
  onLoadSaved,
  onDismiss,
}: {
  edit: OutsideEdit;
  pageId: string;
  busy: boolean;
  onOverwrite: () => void;
  onLoadSaved: () => void;
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  const who = edit.user?.name ?? t('coediting.someone');
  return (
    <Alert kind={edit.outcome === 'kept' ? 'warning' : 'info'}>
      <div className="conflict" data-testid="outside-edit-notice">
        <p>
          <strong>
            {edit.outcome === 'kept'
              ? t('coediting.outside_edit_kept', { name: who })
              : t('coediting.outside_edit_reloaded', { name: who })}
          </strong>
        </p>
        <div className="conflict-actions">
          <a
            className="btn btn-secondary btn-sm"
            href={`/${pageId}`}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('editor.view_latest')}
          </a>
          {edit.outcome === 'kept' ? (
            <>
              <button
                type="button"
                className="btn btn-secondary btn-sm"
                disabled={busy}
                onClick={onLoadSaved}
              >
                {t('coediting.load_saved')}
              </button>
              <button type="button" className="btn btn-danger btn-sm" disabled={busy} onClick={onOverwrite}>
                {t('coediting.overwrite')}
              </button>
            </>
          ) : (
            <button type="button" className="btn btn-secondary btn-sm" onClick={onDismiss}>
              {t('common.close')}
            </button>
          )}
        </div>
      </div>
    </Alert>
  );
}
