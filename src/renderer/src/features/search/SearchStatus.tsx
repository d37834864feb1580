// The loading, empty and error states of a search, in SPEC §8's words (but the empty state, whose
// SPEC words "No matches found on title..." would misstate a full-text search: see 0022-web-app.md).
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../stores/session';
import type { SearchState } from './useSearch';

export function SearchStatus({ state }: { state: SearchState }) {
  const { t } = useTranslation();
  const isAdmin = useSession((s) => s.user?.admin ?? false);
  switch (state.kind) {
    case 'loading':
      return (
        <p className="search-status muted" aria-busy="true">
          {t('search.searching')}
        </p>
      );
    case 'empty':
      return <p className="search-status muted">{t('search.empty')}</p>;
    case 'error':
      return state.serviceDown ? (
        <div className="search-status alert alert-error" role="alert">
          <p>{t('search.service_error')}</p>
          <p>{isAdmin ? <Link to="/admin/search">{t('search.reconnect')}</Link> : t('search.reconnect')}</p>
        </div>
      ) : (
        <p className="search-status alert alert-error" role="alert">
          {t('search.error')}
        </p>
      );
    default:
      return null;
  }
}
