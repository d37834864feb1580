// Timeline: the bodies of the pages under this one, one after another (a window of them at a time).
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { Page, PageSummary } from '../../../../shared/api-types';
import { pathToUrl } from '../../../../shared/page-path';
import { getPage } from '../../api/endpoints';
import { MarkdownView } from '../../components/MarkdownView';

export function Timeline({ pages }: { pages: PageSummary[] }) {
  const [loaded, setLoaded] = useState<{ key: string; pages: Page[] } | null>(null);
  const key = pages.map((page) => page._id).join(',');

  useEffect(() => {
    let cancelled = false;
    Promise.all(pages.map((page) => getPage({ pageId: page._id }).catch(() => null))).then((found) => {
      if (!cancelled) setLoaded({ key, pages: found.filter((page): page is Page => page !== null) });
    });
    return () => {
      cancelled = true;
    };
    // `key` names the pages; the array itself is new on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  if (loaded?.key !== key) return <div className="loading" aria-busy="true" />;
  return (
    <div className="timeline">
      {loaded.pages.map((page) => (
        <section key={page._id} className="timeline-item">
          <h3>
            <Link to={pathToUrl(page.path)}>{page.path}</Link>
          </h3>
          <MarkdownView body={page.revision.body} pagePath={page.path} pageId={page._id} />
        </section>
      ))}
    </div>
  );
}
