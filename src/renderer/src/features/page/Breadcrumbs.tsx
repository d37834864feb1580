// The page path as links to each ancestor (/a/b/c → / a / b / c).
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathToUrl } from '../../../../shared/page-path';
import { Icon } from '../../components/Icon';

export function Breadcrumbs({ path }: { path: string }) {
  const { t } = useTranslation();
  const names = path.split('/').filter(Boolean);
  return (
    <nav className="breadcrumbs" aria-label={t('page.path')}>
      <Link to="/" className="breadcrumb-root" aria-label={t('nav.top_page')}>
        <Icon name="home" size={16} />
      </Link>
      {names.map((name, i) => {
        const last = i === names.length - 1;
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
