// /tags (SPEC §2 reserved area): every tag on pages you may see, with its number of pages, most
// used first and sized by use; each links to the search for its pages.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TagCount } from '../../../../shared/social-types';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { listTags, tagSearchUrl } from './api';

/** Font size step 0–4 by use relative to the most used tag (a tag cloud's weight). */
export function tagWeight(count: number, max: number): number {
  if (max <= 1) return 0;
  return Math.round((Math.log(count) / Math.log(max)) * 4);
}

export function TagsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('tags.title'));
  const [tags, setTags] = useState<TagCount[] | null | 'failed'>(null);
  useEffect(() => {
    let cancelled = false;
    listTags().then(
      ({ data }) => !cancelled && setTags(data),
      () => !cancelled && setTags('failed'),
    );
    return () => {
      cancelled = true;
    };
  }, []);
  const max = Array.isArray(tags) ? Math.max(1, ...tags.map((tag) => tag.count)) : 1;
  return (
    <main className="content tags-page">
      <h1 className="page-title">{t('tags.title')}</h1>
      {tags === null ? (
        <div className="loading" aria-busy="true" />
      ) : tags === 'failed' ? (
        <p className="alert alert-error">{t('tags.failed')}</p>
      ) : tags.length === 0 ? (
        <p className="muted">{t('tags.empty')}</p>
      ) : (
        <ul className="tag-cloud" aria-label={t('tags.title')}>
          {tags.map((tag) => (
            <li key={tag.name} className={`tag-weight-${tagWeight(tag.count, max)}`}>
              <Link to={tagSearchUrl(tag.name)} className="tag-cloud-link">
                {tag.name}
              </Link>
              <span className="count-badge" aria-label={t('tags.count', { count: tag.count })}>
                {tag.count}
              </span>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
