// Table of contents of the rendered page, headings down to level 3 (SPEC §9).
import { useEffect, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';

interface Heading {
  id: string;
  text: string;
  level: number;
}

function slug(text: string, used: Set<string>): string {
  const base =
    text
      .trim()
      .toLowerCase()
      .replace(/\s+/g, '-')
      .replace(/[^\p{L}\p{N}_-]/gu, '') || 'section';
  let id = base;
  for (let n = 1; used.has(id); n++) id = `${base}-${n}`;
  used.add(id);
  return id;
}

/** A heading's text without the "#" anchor link the renderer appends to it. */
export function headingText(el: Element): string {
  let text = '';
  for (const node of el.childNodes) {
    if (node instanceof Element && node.classList.contains('heading-anchor')) continue;
    text += node.textContent ?? '';
  }
  return text.trim();
}

const sameHeadings = (a: Heading[], b: Heading[]) =>
  a.length === b.length && a.every((h, i) => h.id === b[i]?.id && h.text === b[i]?.text);

/**
 * Reads h1–h3 from the rendered body, giving each an id to link to; again whenever the body's
 * elements change (the Markdown view is drawn once its chunk has loaded, diagrams and embeds later).
 */
export function useHeadings(container: RefObject<HTMLElement | null>, body: string): Heading[] {
  const [headings, setHeadings] = useState<Heading[]>([]);
  useEffect(() => {
    const root = container.current;
    if (!root) return;
    const read = () => {
      const used = new Set<string>();
      // An embedded page's headings are its own, not this page's contents.
      const own = [...root.querySelectorAll<HTMLElement>('h1, h2, h3')].filter(
        (el) => !el.closest('.page-embed'),
      );
      const found = own.map((el) => {
        const text = headingText(el);
        if (!el.id) el.id = slug(text, used);
        else used.add(el.id);
        return { id: el.id, text, level: Number(el.tagName.slice(1)) };
      });
      setHeadings((previous) => (sameHeadings(previous, found) ? previous : found));
    };
    read();
    // Ids set above change attributes only: watching the elements alone, this never loops.
    const observer = new MutationObserver(read);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [container, body]);
  return headings;
}

export function TableOfContents({ headings }: { headings: Heading[] }) {
  const { t } = useTranslation();
  if (headings.length === 0) return null;
  return (
    <nav className="toc" aria-label={t('toc.title')}>
      <h2 className="side-title">{t('toc.title')}</h2>
      <ul>
        {headings.map((heading) => (
          <li key={heading.id} className={`toc-level-${heading.level}`}>
            <a href={`#${heading.id}`}>{heading.text}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
