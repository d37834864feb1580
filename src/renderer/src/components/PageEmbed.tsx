// `![[Page]]` and `![[Page#heading]]` (issue 29): the embedded page's body (or its section) drawn
// inside this one, as the reader may see it — the page API checks the reader's permission, and a
// page they may not read (or one that is gone) stays the plain link. Embeds nest three deep at
// most, and a page never embeds itself again further down.
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Page } from '../../../shared/api-types';
import { sectionOf } from '../../../shared/page-sections';
import { getPage } from '../api/endpoints';
import { useMacroPage } from '../features/macros/macro-context';

const MAX_DEPTH = 3;

/** The paths of the pages embedding this one, outermost first. */
export const EmbedChain = createContext<string[]>([]);

export interface EmbedProps {
  href: string;
  label: ReactNode;
}

/** Draws an embedded body: MarkdownView, handed down so this file does not import it. */
export type EmbedBodyRenderer = (body: string, page: Page) => ReactNode;
export const EmbedBodyContext = createContext<EmbedBodyRenderer | null>(null);

function targetOf(href: string): { path: string; section: string } | null {
  try {
    const url = new URL(href, 'http://wiki');
    if (url.origin !== 'http://wiki') return null;
    return { path: decodeURIComponent(url.pathname), section: decodeURIComponent(url.hash.slice(1)) };
  } catch {
    return null;
  }
}

type Loaded = { path: string; page: Page | null };

export function PageEmbed({ href, label }: EmbedProps) {
  const { t } = useTranslation();
  const chain = useContext(EmbedChain);
  const renderBody = useContext(EmbedBodyContext);
  const here = useMacroPage().path;
  const target = targetOf(href);
  const allowed =
    target !== null && chain.length < MAX_DEPTH && target.path !== here && !chain.includes(target.path);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  useEffect(() => {
    if (!allowed || !target) return;
    let cancelled = false;
    getPage({ path: target.path }).then(
      (page) => !cancelled && setLoaded({ path: target.path, page }),
      () => !cancelled && setLoaded({ path: target.path, page: null }),
    );
    return () => {
      cancelled = true;
    };
  }, [allowed, target?.path]); // eslint-disable-line react-hooks/exhaustive-deps -- the path names the target
  const link = <a href={href}>{label}</a>;
  if (!allowed || !target || !renderBody) return <div className="page-embed-link">{link}</div>;
  if (loaded?.path !== target.path)
    return (
      <div className="page-embed-link" aria-busy="true">
        {link}
      </div>
    );
  const page = loaded.page;
  const body = page && (target.section ? sectionOf(page.revision.body, target.section) : page.revision.body);
  if (!page || body === null) return <div className="page-embed-link">{link}</div>;
  return (
    <section className="page-embed" aria-label={t('page.embedded', { path: page.path })}>
      <div className="page-embed-title">{link}</div>
      <EmbedChain.Provider value={[...chain, target.path]}>{renderBody(body, page)}</EmbedChain.Provider>
    </section>
  );
}
