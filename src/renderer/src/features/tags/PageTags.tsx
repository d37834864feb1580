// The tags row of a page: each tag links to the search for its pages; people who may edit the
// page open the edit dialog from here. Guests see the tags only (SPEC §6).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Page } from '../../../../shared/api-types';
import { Icon } from '../../components/Icon';
import { useSession } from '../../stores/session';
import { useUi } from '../../stores/ui';
import { tagSearchUrl } from './api';
import { TagsEditDialog } from './TagsEditDialog';

export function PageTags({ page }: { page: Page }) {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const pagesChanged = useUi((s) => s.pagesChanged);
  const [tags, setTags] = useState(page.tags);
  const [editing, setEditing] = useState(false);
  const canEdit = user !== null && !user.readOnly && page.status === 'published';
  if (tags.length === 0 && !canEdit) return null;
  return (
    <div className="page-tags" role="group" aria-label={t('tags.label')}>
      <Icon name="tag" size={15} />
      {tags.length === 0 ? (
        <span className="muted">{t('tags.none')}</span>
      ) : (
        <ul className="tag-chips">
          {tags.map((tag) => (
            <li key={tag}>
              <Link className="tag-chip tag-link" to={tagSearchUrl(tag)}>
                {tag}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {canEdit && (
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => setEditing(true)}>
          <Icon name="edit" size={14} />
          {t('tags.edit')}
        </button>
      )}
      <Link className="page-tags-all" to="/tags">
        {t('tags.all')}
      </Link>
      {editing && (
        <TagsEditDialog
          page={{ ...page, tags }}
          onClose={() => setEditing(false)}
          onSaved={(saved) => {
            setTags(saved);
            setEditing(false);
            pagesChanged();
          }}
        />
      )}
    </div>
  );
}
