// A ```mermaid block drawn as a diagram (issue 15). Mermaid loads on first use (it is large) with
// `securityLevel: 'strict'` (click handlers off) and SVG-text labels (HTML in them stays text).
// Its SVG is Mermaid's own output from that text. A diagram Mermaid cannot read shows its source.
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type Mermaid from 'mermaid';
import { useColorMode } from '../stores/color-mode';

let mermaidReady: Promise<typeof Mermaid> | null = null;

/** Mermaid, set up for the colour scheme shown now (issue 30: it kept the first one). */
async function loadMermaid(dark: boolean) {
  mermaidReady ??= import('mermaid').then(({ default: mermaid }) => mermaid);
  const mermaid = await mermaidReady;
  mermaid.initialize({
    startOnLoad: false,
    securityLevel: 'strict',
    // Labels as SVG text, not HTML: nothing an author writes in a label becomes markup.
    htmlLabels: false,
    flowchart: { htmlLabels: false },
    theme: dark ? 'dark' : 'default',
  });
  return mermaid;
}

export function MermaidDiagram({ source }: { source: string }) {
  const { t } = useTranslation();
  const id = `mermaid-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  // What was drawn, for which source: a changed source shows as pending until drawn again.
  const [drawn, setDrawn] = useState<{ source: string; dark: boolean; svg: string | null } | null>(null);
  // Drawn again when the colour scheme changes, in its colours.
  const dark = useColorMode((s) => s.isDark());
  useEffect(() => {
    let cancelled = false;
    loadMermaid(dark)
      .then((mermaid) => mermaid.render(id, source))
      .then(
        (result) => !cancelled && setDrawn({ source, dark, svg: result.svg }),
        () => !cancelled && setDrawn({ source, dark, svg: null }),
      );
    return () => {
      cancelled = true;
    };
  }, [id, source, dark]);
  const current = drawn?.source === source ? drawn : null;
  const svg = current?.svg ?? null;
  if (current && svg === null)
    return (
      <div className="mermaid-error" role="note">
        <p>{t('markdown_extras.diagram_failed')}</p>
        <pre>
          <code>{source}</code>
        </pre>
      </div>
    );
  if (svg === null) return <pre className="mermaid-pending">{source}</pre>;
  // Mermaid's SVG, made in strict mode from the text above (its labels are encoded by Mermaid).
  return (
    <div
      className="mermaid-diagram"
      data-testid="mermaid-diagram"
      dangerouslySetInnerHTML={{ __html: svg }}
    />
  );
}
