// The not-found page: offers creation to signed-in users at creatable paths, says why otherwise.
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { isCreatablePage } from '../../../../shared/page-path';
import { Alert } from '../../components/Field';
import { Icon } from '../../components/Icon';
import { useSession } from '../../stores/session';
import { PageHeader } from './PageHeader';
import { PageList } from './PageList';

/** `path` is null for permalinks and unparseable URLs: there is nothing to create there. */
export function NotFound({ path }: { path: string | null }) {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const location = useLocation();
  const creatable = path !== null && isCreatablePage(path);
  return (
    <article className="page">
      {path !== null && <PageHeader path={path} page={null} />}
      <div className="not-found">
        <Icon name="file" size={40} />
        <h2>{t('page.not_found')}</h2>
        {path === null ? (
          <p className="muted">{t('page.not_found_permalink')}</p>
        ) : !creatable ? (
          <Alert kind="warning">{t('path.invalid_characters')}</Alert>
        ) : user ? (
          <Link className="btn btn-primary" to={{ pathname: location.pathname, hash: '#edit' }}>
            <Icon name="plus" size={16} />
            {t('page.create')}
          </Link>
        ) : (
          <Alert kind="warning">
            {t('page.login_to_create')}{' '}
            <Link to="/login" state={{ from: location.pathname }}>
              {t('nav.login')}
            </Link>
          </Alert>
        )}
      </div>
      {/* A path nobody wrote may still have pages below it (a folder): GROWI lists them too. */}
      {creatable && <PageList path={path} size="XL" />}
    </article>
  );
}
