// Who is here (issue 16): browsers connected now (the realtime sockets), the signed-in people among
// them, and the last sign-ins.
import { useTranslation } from 'react-i18next';
import type { SharingState } from '../../../../../shared/sharing';
import { formatDateTime } from '../../../i18n/format';

export function PresenceSection({ state }: { state: SharingState }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="sharing-presence">
      <h2 id="sharing-presence">{t('sharing.presence')}</h2>
      <p data-testid="browsers">{t('sharing.browsers', { count: state.browsers })}</p>
      {state.users.length > 0 && (
        <ul className="presence-list">
          {state.users.map((user) => (
            <li key={user.id}>
              {user.name || user.username} <span className="muted">@{user.username}</span>
              {user.browsers > 1 && (
                <span className="muted"> · {t('sharing.tabs', { count: user.browsers })}</span>
              )}
            </li>
          ))}
        </ul>
      )}
      <h3>{t('sharing.recent_sign_ins')}</h3>
      {state.recentSignIns.length === 0 ? (
        <p className="muted">{t('sharing.no_sign_ins')}</p>
      ) : (
        <table className="data-table">
          <tbody>
            {state.recentSignIns.map((entry) => (
              <tr key={`${entry.username}-${entry.at}`}>
                <td>
                  {entry.name || entry.username} <span className="muted">@{entry.username}</span>
                </td>
                <td>
                  <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
