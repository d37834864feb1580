// Notices above the editor: a restored draft, and a save conflict with the ways out of it.
import { useTranslation } from 'react-i18next';
import type { Page } from '../../../../shared/api-types';
import { Alert } from '../../components/Field';
import { Icon } from '../../components/Icon';
import { formatDateTime } from '../../i18n/format';

export interface Conflict {
  messages: string[];
  /** The page as it is now on the server (null if it could not be read). */
  latest: Page | null;
}

export function DraftNotice({ savedAt, onDiscard }: { savedAt: string; onDiscard: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert kind="info">
      <span>{t('editor.draft_restored', { time: formatDateTime(savedAt) })}</span>{' '}
      <button type="button" className="btn btn-link" onClick={onDiscard}>
        {t('editor.discard_draft')}
      </button>
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
  const { latest } = conflict;
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
