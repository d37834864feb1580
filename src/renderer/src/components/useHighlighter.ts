// Code highlighting on demand: highlight.js is fetched the first time a body with fenced code naming
// its language is shown (pages, previews, comments), so it is not part of the first view.
import { useEffect, useState } from 'react';
import { hasHighlightableCode, type PluginList } from '../../../shared/markdown';

/** highlight.js, once some page needed it: fetched on demand, it is not part of the first view. */
let highlighter: PluginList | null = null;
let loading: Promise<PluginList> | null = null;

/** The highlighting plugins for this body: none until loaded, and only fetched when it has code. */
export function useHighlighter(body: string): PluginList {
  const needed = hasHighlightableCode(body);
  const [loaded, setLoaded] = useState<PluginList | null>(highlighter);
  useEffect(() => {
    if (!needed || loaded) return;
    let cancelled = false;
    loading ??= import('../../../shared/markdown-highlight').then((m) => (highlighter = [m.rehypeHighlight]));
    // Without it the code still shows, uncoloured: nothing is lost if it cannot load.
    loading.then(
      (plugins) => !cancelled && setLoaded(plugins),
      () => {
        loading = null; // asked again by the next body with code
      },
    );
    return () => {
      cancelled = true;
    };
  }, [needed, loaded]);
  return needed && loaded ? loaded : NONE;
}
const NONE: PluginList = [];
