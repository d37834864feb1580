// Parts of the Markdown pipeline fetched on demand, each the first time a body needs it (pages,
// previews, comments): highlight.js for fenced code naming a language, KaTeX (and its stylesheet)
// for math, the emoji table for `:shortcodes:`. None of them is part of the first view; a body
// renders at once without them and again when they arrive.
import { useEffect, useMemo, useState } from 'react';
import {
  hasEmojiShortcode,
  hasHighlightableCode,
  hasMath,
  type PluginList,
  type RemarkList,
} from '../../../shared/markdown';

type Extra = 'code' | 'math' | 'emoji';
type Loaded = { code?: PluginList[number]; math?: PluginList[number]; emoji?: RemarkList[number] };

const loaded: Loaded = {};
const loading = new Map<Extra, Promise<void>>();

const LOADERS: Record<Extra, () => Promise<void>> = {
  code: async () => {
    loaded.code = (await import('rehype-highlight')).default;
  },
  math: async () => {
    const [math] = await Promise.all([
      import('../../../shared/markdown-math'),
      import('katex/dist/katex.min.css'),
    ]);
    loaded.math = math.rehypeMath;
  },
  emoji: async () => {
    loaded.emoji = (await import('../../../shared/markdown-emoji')).remarkEmoji;
  },
};

function load(extra: Extra): Promise<void> {
  let promise = loading.get(extra);
  if (!promise) {
    // A failed fetch is asked again by the next body that needs it; meanwhile the text shows plain.
    promise = LOADERS[extra]().catch(() => void loading.delete(extra));
    loading.set(extra, promise);
  }
  return promise;
}

export interface MarkdownExtras {
  after: PluginList;
  lateRemark: RemarkList;
}

export function useMarkdownExtras(body: string): MarkdownExtras {
  const needed = useMemo(() => {
    const list: Extra[] = [];
    if (hasHighlightableCode(body)) list.push('code');
    if (hasMath(body)) list.push('math');
    if (hasEmojiShortcode(body)) list.push('emoji');
    return list;
  }, [body]);
  const [, setVersion] = useState(0);
  const missing = needed.filter((extra) => !loaded[extra]).join(',');
  useEffect(() => {
    if (!missing) return;
    let cancelled = false;
    void Promise.all(missing.split(',').map((extra) => load(extra as Extra))).then(() => {
      if (!cancelled) setVersion((v) => v + 1);
    });
    return () => {
      cancelled = true;
    };
  }, [missing]);
  const key = `${needed.join(',')}|${missing}`;
  return useMemo(() => {
    const has = (extra: Extra) =>
      key.split('|')[0]!.split(',').includes(extra) && loaded[extra] !== undefined;
    return {
      after: [...(has('math') ? [loaded.math!] : []), ...(has('code') ? [loaded.code!] : [])],
      lateRemark: has('emoji') ? [loaded.emoji!] : [],
    };
  }, [key]);
}
