// Notices above the editor: a restored draft, and a save conflict with the ways out of it.
import { useTranslation } from 'react-i18next';
import type { Page } from '../../../../shared/api-types';
import { Alert } from '../../components/Field';
import { Icon } from '../../components/Icon';
import { formatDateTime } from '../../i18n/format';
import { diffLines } from 'diff';
import { DiffView } from '../history/DiffView';

export interface Conflict {
  messages: string[];
  /** The page as it is now on the server (null if it could not be read). */
  latest: Page | null;
  /** The text that was refused: the other person's edit is shown against it. */
  mine: string;
}

export function DraftNotice({
  savedAt,
  onDiscard,
  changedPage,
  draft,
}: {
  savedAt: string;
  onDiscard: () => void;
  /** The page as saved now, when it changed after the draft was written (issue 30). */
  changedPage?: string | null;
  draft: string;
}) {
  const { t } = useTranslation();
  return (
    <Alert kind={changedPage == null ? 'info' : 'warning'}>
      <span>{t('editor.draft_restored', { time: formatDateTime(savedAt) })}</span>{' '}
      <button type="button" className="btn btn-link" onClick={onDiscard}>
        {t('editor.discard_draft')}
      </button>
      {changedPage != null && (
        <div data-testid="stale-draft">
          <p>{t('editor.draft_page_changed')}</p>
          <DiffView changes={diffLines(changedPage, draft)} />
        </div>
      )}
    </Alert>
  );
}

export function ConflictNotice({
  conflict,
  busy,
  onOverwrite,
}: {
  conflict: Conflict;
  busy: boolean;
  onOverwrite: (latest: Page) => void;
}) {
  const { t } = useTranslation();
  const { latest, mine } = conflict;
  return (
    <Alert kind="error">
      <div className="conflict" data-testid="conflict-notice">
        {conflict.messages.map((message, i) => (
          <p key={i}>
            <strong>{message}</strong>
          </p>
        ))}
        <p>{t('editor.conflict_help')}</p>
        {latest && (
          // Never a blind overwrite (issue 30): what the page says now, against this text.
          <div data-testid="conflict-diff">
            <p>{t('editor.conflict_diff')}</p>
            <DiffView changes={diffLines(latest.revision.body, mine)} />
          </div>
        )}
        {latest && (
          <div className="conflict-actions">
            <a
              className="btn btn-secondary btn-sm"
              href={`/${latest._id}`}
              target="_blank"
              rel="noopener noreferrer"
            >
              <Icon name="external" size={16} />
              {t('editor.view_latest')}
            </a>
            <button
              type="button"
              className="btn btn-danger btn-sm"
              disabled={busy}
              onClick={() => onOverwrite(latest)}
            >
              {t('editor.overwrite')}
            </button>
          </div>
        )}
      </div>
    </Alert>
  );
}
