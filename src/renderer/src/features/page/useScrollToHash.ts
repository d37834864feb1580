// Heading links (issue 30): `/Team/Handbook#csv` opened in a new tab or reloaded lands on its
// heading. The browser looks for the anchor before the page body exists, so the page does it once
// the body is drawn (Markdown, then diagrams and math may still change it for a moment).
import { useEffect, type RefObject } from 'react';
import { useLocation } from 'react-router';

/** Hashes that are modes of the page, not places in it. */
const MODES = new Set(['#edit', '#hackmd', '#history']);
const WATCH_MS = 2_000;

function target(root: HTMLElement, hash: string): HTMLElement | null {
  let id: string;
  try {
    id = decodeURIComponent(hash.slice(1));
  } catch {
    return null;
  }
  const byId = (value: string) => root.querySelector<HTMLElement>(`[id="${CSS.escape(value)}"]`);
  return byId(id) ?? byId(`user-content-${id}`);
}

export function useScrollToHash(bodyRef: RefObject<HTMLElement | null>, body: string | null): void {
  const { hash } = useLocation();
  useEffect(() => {
    const root = bodyRef.current;
    if (!root || body === null || hash.length < 2 || MODES.has(hash)) return;
    const scroll = () => {
      const found = target(root, hash);
      if (found) found.scrollIntoView();
      return found !== null;
    };
    if (scroll()) return;
    // Not drawn yet: look again as the body fills in, for a moment.
    const observer = new MutationObserver(() => {
      if (scroll()) observer.disconnect();
    });
    observer.observe(root, { childList: true, subtree: true });
    const stop = setTimeout(() => observer.disconnect(), WATCH_MS);
    return () => {
      observer.disconnect();
      clearTimeout(stop);
    };
  }, [bodyRef, body, hash]);
}
