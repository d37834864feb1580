// The navbar search box (SPEC §2): scope dropdown ('All pages' / 'This tree'), help table, and a
// dropdown of the first results while typing; Enter opens the results page. Hidden when search is
// not configured (and on small devices, by CSS); disabled with SPEC §8's placeholder when the
// search service is unreachable.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { pathToUrl } from '../../../../shared/page-path';
import { withPrefix } from '../../../../shared/search-query';
import { useSession } from '../../stores/session';
import { parsePageLocation } from '../page/page-location';
import { Highlighted } from './Highlighted';
import { SearchHelp } from './SearchHelp';
import { SearchStatus } from './SearchStatus';
import { useSearch } from './useSearch';
import { useCustomizeFunction } from '../../stores/customize';

const PREVIEW_LIMIT = 8;
const TYPING_PAUSE_MS = 250;

export function searchUrl(q: string): string {
  return `/_search?q=${encodeURIComponent(q)}`;
}

/** The page path "This tree" means here, or null on screens that are not a page. */
function useCurrentTree(): string | null {
  const { pathname } = useLocation();
  if (pathname.startsWith('/_search') || pathname.startsWith('/admin') || pathname === '/me') return null;
  const location = parsePageLocation(pathname);
  return location.kind === 'path' ? location.path : null;
}

/** `autoFocus`: opened on purpose (the phone's bottom bar), the field takes the keys at once. */
export function SearchBox({ autoFocus = false }: { autoFocus?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { isSearchServiceConfigured, isSearchServiceReachable } = useSession((s) => s.config);
  const tree = useCurrentTree();
  const [text, setText] = useState('');
  const treeFirst = useCustomizeFunction('isSearchScopeChildrenAsDefault');
  const [scope, setScope] = useState<'all' | 'tree'>(treeFirst ? 'tree' : 'all');
  const [open, setOpen] = useState(false);
  const [helpOpen, setHelpOpen] = useState(false);
  const root = useRef<HTMLFormElement>(null);
  const q = scope === 'tree' && tree ? withPrefix(text, tree) : text.trim();
  const state = useSearch({ q: open ? (text.trim() ? q : '') : '', limit: PREVIEW_LIMIT }, TYPING_PAUSE_MS);

  useEffect(() => {
    const close = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) {
        setOpen(false);
        setHelpOpen(false);
      }
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, []);

  if (!isSearchServiceConfigured) return null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return; // nothing is sent for an empty input
    setOpen(false);
    navigate(searchUrl(q));
  };

  return (
    <form className="search-box" role="search" ref={root} onSubmit={submit}>
      <select
        className="search-scope"
        aria-label={t('search.scope')}
        value={scope === 'tree' && tree ? 'tree' : 'all'}
        onChange={(e) => setScope(e.target.value === 'tree' ? 'tree' : 'all')}
        disabled={!isSearchServiceReachable}
      >
        <option value="all">{t('search.scope_all')}</option>
        <option value="tree" disabled={!tree}>
          {t('search.scope_tree')}
        </option>
      </select>
      <input
        className="input search-input"
        type="search"
        aria-label={t('search.label')}
        autoFocus={autoFocus}
        placeholder={isSearchServiceReachable ? t('search.placeholder') : t('search.placeholder_error')}
        disabled={!isSearchServiceReachable}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          setHelpOpen(false);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}
      />
      <button
        type="button"
        className="btn btn-ghost btn-sm search-help-button"
        aria-label={t('search.help')}
        aria-expanded={helpOpen}
        title={t('search.help')}
        onClick={() => setHelpOpen(!helpOpen)}
      >
        ?
      </button>
      {helpOpen && (
        <div className="search-dropdown">
          <SearchHelp />
        </div>
      )}
      {open && !helpOpen && state.kind !== 'idle' && (
        <div className="search-dropdown" aria-live="polite">
          <SearchStatus state={state} />
          {state.kind === 'results' && (
            <>
              <ul className="search-preview">
                {state.response.data.map(({ data, meta }) => (
                  <li key={data._id}>
                    <Link to={pathToUrl(data.path)} onClick={() => setOpen(false)}>
                      <Highlighted className="search-hit-path" html={meta.highlightedPath} />
                      <Highlighted className="search-hit-snippet" html={meta.snippet} />
                    </Link>
                  </li>
                ))}
              </ul>
              <Link className="search-see-all" to={searchUrl(q)} onClick={() => setOpen(false)}>
                {t('search.see_all', { count: state.response.meta.total })}
              </Link>
            </>
          )}
        </div>
      )}
    </form>
  );
}
