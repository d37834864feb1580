// Presentation mode (issue 15): the page as slides, cut where the admin's page-break says, full
// screen when the browser allows it. Keys: → ↓ Space PageDown N next, ← ↑ PageUp Backspace P back,
// Home and End, Esc leaves.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Page } from '../../../../shared/api-types';
import { splitSlides, type PresentationSettings } from '../../../../shared/presentation';
import { MarkdownView } from '../../components/MarkdownView';
import { useSession } from '../../stores/session';

const DEFAULT: PresentationSettings = { pageBreakSeparator: 2, pageBreakCustomSeparator: '' };
const NEXT = new Set(['ArrowRight', 'ArrowDown', ' ', 'PageDown', 'n']);
const BACK = new Set(['ArrowLeft', 'ArrowUp', 'PageUp', 'Backspace', 'p']);

export function PresentationView({ page, onClose }: { page: Page; onClose: () => void }) {
  const { t } = useTranslation();
  const settings = useSession((s) => s.config.presentation) ?? DEFAULT;
  const slides = useMemo(() => splitSlides(page.revision.body, settings), [page.revision.body, settings]);
  const [index, setIndex] = useState(0);
  const root = useRef<HTMLDivElement>(null);
  const go = useCallback(
    (to: number) => setIndex(Math.max(0, Math.min(slides.length - 1, to))),
    [slides.length],
  );
  const leave = useCallback(() => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    onClose();
  }, [onClose]);

  useEffect(() => {
    const element = root.current;
    element?.focus();
    // Full screen when allowed; leaving full screen (the browser's own Esc) leaves the slides too.
    let wasFull = false;
    element
      ?.requestFullscreen?.()
      .then(() => (wasFull = true))
      .catch(() => undefined);
    const onFullscreen = () => {
      if (wasFull && !document.fullscreenElement) onClose();
    };
    document.addEventListener('fullscreenchange', onFullscreen);
    return () => document.removeEventListener('fullscreenchange', onFullscreen);
  }, [onClose]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.key === 'Escape') leave();
      else if (NEXT.has(event.key)) go(index + 1);
      else if (BACK.has(event.key)) go(index - 1);
      else if (event.key === 'Home') go(0);
      else if (event.key === 'End') go(slides.length - 1);
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [go, index, leave, slides.length]);

  return (
    <div
      ref={root}
      className="presentation"
      role="dialog"
      aria-modal="true"
      aria-label={t('presentation.title', { path: page.path })}
      tabIndex={-1}
      data-testid="presentation"
    >
      <div className="presentation-slide" data-testid="slide">
        <MarkdownView body={slides[index] ?? ''} pagePath={page.path} pageId={page._id} />
      </div>
      <div className="presentation-controls">
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          onClick={() => go(index - 1)}
          disabled={index === 0}
        >
          {t('presentation.previous')}
        </button>
        <span className="presentation-count" data-testid="slide-count">
          {index + 1} / {slides.length}
        </span>
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          onClick={() => go(index + 1)}
          disabled={index === slides.length - 1}
        >
          {t('presentation.next')}
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={leave}>
          {t('presentation.close')}
        </button>
      </div>
    </div>
  );
}
