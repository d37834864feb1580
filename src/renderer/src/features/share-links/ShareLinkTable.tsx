// SPEC §2's share link list table: link, page path (admins' management screen only), expiration,
// description, delete.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ShareLink } from '../../../../shared/social-types';
import { pathToUrl } from '../../../../shared/page-path';
import { formatExpiry, shareLinkUrl } from './api';
import { CopyButton } from '../../components/CopyButton';

interface Props {
  links: ShareLink[];
  showPath: boolean;
  onDelete: (link: ShareLink) => void;
}

export function ShareLinkTable({ links, showPath, onDelete }: Props) {
  const { t } = useTranslation();
  if (links.length === 0) return <p className="muted">{t('share_links.none')}</p>;
  return (
    <table className="share-link-table">
      <thead>
        <tr>
          <th>{t('share_links.link')}</th>
          {showPath && <th>{t('share_links.page_path')}</th>}
          <th>{t('share_links.expiration')}</th>
          <th>{t('share_links.description')}</th>
          <th aria-label={t('share_links.delete')} />
        </tr>
      </thead>
      <tbody>
        {links.map((link) => (
          <tr key={link._id}>
            <td>
              <a href={`/share/${link._id}`} target="_blank" rel="noreferrer" className="share-link-url">
                {shareLinkUrl(link._id)}
              </a>{' '}
              {/* A link is issued to be handed on (issue 30): one click puts it on the clipboard. */}
              <CopyButton text={shareLinkUrl(link._id)} />
            </td>
            {showPath && (
              <td>
                <Link to={pathToUrl(link.relatedPage.path)}>{link.relatedPage.path}</Link>
              </td>
            )}
            <td>{link.expiredAt ? formatExpiry(link.expiredAt) : t('share_links.unlimited')}</td>
            <td>{link.description}</td>
            <td>
              <button type="button" className="btn btn-danger btn-sm" onClick={() => onDelete(link)}>
                {t('share_links.delete')}
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
