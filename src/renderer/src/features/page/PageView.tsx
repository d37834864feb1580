// A page in view mode: header, notices, the rendered body (or an old revision of it, with
// ?revisionId=), its table of contents and the pages under it.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Page } from '../../../../shared/api-types';
import { getRevision } from '../../api/page-tree';
import { MarkdownView } from '../../components/MarkdownView';
import { PageHeader } from './PageHeader';
import { PageList } from './PageList';
import { PageNotices } from './PageNotices';
import { PageProperties } from './PageProperties';
import { TableOfContents, useHeadings } from './TableOfContents';
import { useScrollToHash } from './useScrollToHash';
import { PageTags } from '../tags/PageTags';
import { PageSocialBar } from '../likes-bookmarks/PageSocialBar';
import { CommentsSection } from '../comments/CommentsSection';
import { AttachmentsSection } from '../attachments/AttachmentsSection';

/** The body of the revision named by ?revisionId=, or the latest. */
function useShownBody(page: Page, revisionId: string | null): string | null {
  const [old, setOld] = useState<{ id: string; body: string } | null>(null);
  useEffect(() => {
    if (!revisionId) return;
    let cancelled = false;
    getRevision(page._id, revisionId).then(
      (revision) => !cancelled && setOld({ id: revisionId, body: revision.body }),
      () => !cancelled && setOld({ id: revisionId, body: '' }),
    );
    return () => {
      cancelled = true;
    };
  }, [page._id, revisionId]);
  if (!revisionId) return page.revision.body;
  return old?.id === revisionId ? old.body : null;
}

export function PageView({ page }: { page: Page }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const requested = params.get('revisionId');
  const revisionId = requested && requested !== page.revision._id ? requested : null;
  const body = useShownBody(page, revisionId);
  const bodyRef = useRef<HTMLDivElement>(null);
  const headings = useHeadings(bodyRef, body ?? '');
  useScrollToHash(bodyRef, body);
  return (
    <article className="page">
      <PageHeader path={page.path} page={page} />
      <PageTags key={`tags-${page._id}`} page={page} />
      <PageNotices page={page} oldRevisionId={revisionId} />
      {body !== null && <PageProperties body={body} />}
      <TableOfContents headings={headings} />
      <div ref={bodyRef}>
        {body === null ? (
          <div className="loading" aria-busy="true" />
        ) : body.trim() === '' ? (
          <p className="muted empty-body">{t('page.empty')}</p>
        ) : (
          <MarkdownView body={body} pagePath={page.path} pageId={page._id} />
        )}
      </div>
      <PageSocialBar key={`social-${page._id}`} page={page} />
      {!revisionId && <AttachmentsSection key={`attachments-${page._id}`} page={page} />}
      {page.status === 'published' && <PageList path={page.path} />}
      <CommentsSection key={`comments-${page._id}`} page={page} />
    </article>
  );
}
