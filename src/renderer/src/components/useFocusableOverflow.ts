// A table that scrolls sideways inside itself (on a phone) must be reachable by keyboard to be
// scrolled (WCAG 2.1.1; axe's scrollable-region-focusable, issue 30): while it overflows it takes
// a tab stop, and only then, so wide screens keep the tab order they had.
import { useEffect } from 'react';

function mark(element: HTMLElement): void {
  const overflows = element.scrollWidth > element.clientWidth + 1;
  if (overflows && !element.hasAttribute('tabindex')) {
    element.tabIndex = 0;
    element.dataset.scrollFocus = 'true';
  } else if (!overflows && element.dataset.scrollFocus) {
    element.removeAttribute('tabindex');
    delete element.dataset.scrollFocus;
  }
}

/**
 * Watches the element itself, or (with `selector`) those matching inside it, as they render and
 * resize. Takes the element (a callback ref's state), so it starts when the element first appears.
 */
export function useFocusableOverflow(root: HTMLElement | null, selector?: string): void {
  useEffect(() => {
    if (!root) return;
    const targets = () => (selector ? [...root.querySelectorAll<HTMLElement>(selector)] : [root]);
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => targets().forEach(mark));
    };
    update();
    // Tables come with data after the screen, and the screen's width changes with the window.
    const resized = new ResizeObserver(update);
    resized.observe(root);
    const changed = new MutationObserver(update);
    changed.observe(root, { childList: true, subtree: true });
    return () => {
      cancelAnimationFrame(frame);
      resized.disconnect();
      changed.disconnect();
    };
  }, [root, selector]);
}
