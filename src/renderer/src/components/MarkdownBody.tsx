// A page body rendered with the shared, sanitized Markdown pipeline (view and editor preview).
// Links to other pages of this wiki navigate inside the app instead of reloading it. Read through a
// share link, attachment addresses carry the link's id so its holder sees the page's files. GROWI's
// macros ($lsx, $ref…) are drawn by the components of features/macros with the page as context.
import { memo, useCallback, useMemo, type MouseEvent } from 'react';
import Markdown, { defaultUrlTransform } from 'react-markdown';
import { useNavigate } from 'react-router';
import { buildMarkdownOptions } from '../../../shared/markdown';
import { useMarkdownExtras } from './useMarkdownExtras';
import { remarkLineBreaks } from '../../../shared/comment-markdown';
import { useSession } from '../stores/session';
import { useRendererExtensions } from '../features/plugins/renderer-extensions';
import { ErrorBoundary } from './ErrorBoundary';
import { withShareLink } from '../features/attachments/api';
import { macroComponents } from '../features/macros/markdown-components';
import { MacroPageContext, type MacroPage } from '../features/macros/macro-context';
import { EmbedBodyContext, type EmbedBodyRenderer } from './PageEmbed';

/** A link relative to the page (`child`, `./x`, `../sibling`) as a wiki path below or beside it. */
export function resolveAgainstPage(url: string, pagePath: string | undefined): string {
  if (!pagePath || url === '' || /^([a-z][a-z0-9+.-]*:|[/#?])/i.test(url)) return url;
  const base = new URL(
    pagePath === '/' ? '/' : `${pagePath.split('/').map(encodeURIComponent).join('/')}/`,
    'http://wiki',
  );
  const resolved = new URL(url, base);
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}

const Body = memo(function Body({
  body,
  shareLinkId,
  pagePath,
}: {
  body: string;
  shareLinkId?: string;
  pagePath?: string;
}) {
  // Built again when a renderer extension (plugin) comes or goes, or highlighting arrives.
  const version = useRendererExtensions((s) => s.version);
  const rehype = useRendererExtensions((s) => s.rehypePlugins);
  const { after, lateRemark } = useMarkdownExtras(body);
  // The admin's "line breaks" setting: a single newline in a page is a <br>.
  const lineBreaks = useSession((s) => s.config.markdown?.isEnabledLinebreaks === true);
  const options = useMemo(
    () => buildMarkdownOptions(rehype, after, lineBreaks ? [...lateRemark, remarkLineBreaks] : lateRemark),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- version stands for the render hook
    [version, rehype, after, lateRemark, lineBreaks],
  );
  const urlTransform = (url: string, key: string) => {
    const safe = defaultUrlTransform(key === 'href' ? resolveAgainstPage(url, pagePath) : url);
    return shareLinkId ? withShareLink(safe, shareLinkId) : safe;
  };
  return (
    <Markdown {...options} components={macroComponents} urlTransform={urlTransform}>
      {body}
    </Markdown>
  );
});

interface Props {
  body: string;
  shareLinkId?: string;
  /** The page the body belongs to: `$lsx` lists below it, `$ref` reads its attachments. */
  pagePath?: string;
  pageId?: string;
}

export function MarkdownView({ body, shareLinkId, pagePath, pageId }: Props) {
  const navigate = useNavigate();
  const macroPage = useMemo<MacroPage>(
    () => ({ path: pagePath, pageId, shareLinkId }),
    [pagePath, pageId, shareLinkId],
  );
  // An embedded page (`![[page]]`) is drawn by this same view, with its own path and id.
  const renderEmbedded = useCallback<EmbedBodyRenderer>(
    (embedded, page) => (
      <MarkdownView body={embedded} pagePath={page.path} pageId={page._id} shareLinkId={shareLinkId} />
    ),
    [shareLinkId],
  );
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as Element).closest('a');
    if (!anchor || anchor.target || anchor.hasAttribute('download') || !anchor.getAttribute('href')) return;
    const url = new URL(anchor.href, window.location.href);
    if (url.origin !== window.location.origin) return;
    // In-page anchors (#heading) keep the browser's own scrolling.
    if (url.pathname === window.location.pathname && url.search === window.location.search && url.hash)
      return;
    event.preventDefault();
    navigate(`${url.pathname}${url.search}${url.hash}`);
  };
  return (
    // Clicks are delegated from the rendered links; keyboard users activate those links themselves.
    <div className="markdown-body" onClick={onClick}>
      <MacroPageContext.Provider value={macroPage}>
        <EmbedBodyContext.Provider value={renderEmbedded}>
          {/* A plugin's markup that React cannot draw ends in the error card, not a blank app. */}
          <ErrorBoundary name="Page body">
            <Body body={body} shareLinkId={shareLinkId} pagePath={pagePath} />
          </ErrorBoundary>
        </EmbedBodyContext.Provider>
      </MacroPageContext.Provider>
    </div>
  );
}
