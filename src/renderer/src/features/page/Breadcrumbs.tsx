// The page path as links to each ancestor (/a/b/c → / a / b / c). Above a page's own title the
// last name is left out (`ancestorsOnly`): a long title is not written twice (issue 30).
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathToUrl } from '../../../../shared/page-path';
import { Icon } from '../../components/Icon';

export function Breadcrumbs({ path, ancestorsOnly = false }: { path: string; ancestorsOnly?: boolean }) {
  const { t } = useTranslation();
  const all = path.split('/').filter(Boolean);
  const names = ancestorsOnly ? all.slice(0, -1) : all;
  return (
    <nav className="breadcrumbs" aria-label={t('page.path')}>
      <Link to="/" className="breadcrumb-root" aria-label={t('nav.top_page')}>
        <Icon name="home" size={16} />
      </Link>
      {names.map((name, i) => {
        const last = !ancestorsOnly && i === names.length - 1;
        const href = pathToUrl(`/${names.slice(0, i + 1).join('/')}`);
        return (
          <Fragment key={href}>
            <span className="breadcrumb-sep">/</span>
            {last ? (
              <span className="breadcrumb-current" aria-current="page">
                {name}
              </span>
            ) : (
              <Link to={href}>{name}</Link>
            )}
          </Fragment>
        );
      })}
    </nav>
  );
}

/** The last name of a path, or the app's top page label. */
export function pageTitle(path: string, topLabel: string): string {
  return path === '/' ? topLabel : (path.split('/').filter(Boolean).pop() ?? path);
}
