// react-markdown components for what the shared pipeline marks with classes: macros become live
// lists, an untitled callout gets its translated title, ```mermaid blocks become diagrams, a lone
// `![[page]]` becomes the embedded page.
// Everything else renders as it came.
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import type { Components } from 'react-markdown';
import { CALLOUT_KINDS } from '../../../../shared/macros/remark-callouts';
import { MACRO_CLASS } from '../../../../shared/macros/remark-macros';
import { EMBED_CLASS } from '../../../../shared/remark-wiki-links';
import { PageEmbed } from '../../components/PageEmbed';
import { MacroElement, textOf } from './MacroElement';
import { MermaidDiagram } from '../../components/MermaidDiagram';
import { ServerDiagram } from '../../components/ServerDiagram';
import { useSession } from '../../stores/session';

type ElementProps<T extends 'div' | 'span'> = Omit<ComponentProps<T>, 'node'> & { node?: unknown };

const classes = (className: string | undefined) => (className ?? '').split(/\s+/);

function CalloutTitle({ kind, className }: { kind: string; className: string }) {
  const { t } = useTranslation();
  return <div className={className}>{t(`macros.callout.${kind}`)}</div>;
}

/** The link an embed holds (remark-wiki-links.ts): its href and label. */
function embeddedLink(node: HastNode | undefined): { href: string; label: string } | null {
  const link = node?.children?.find((child) => child.type === 'element' && child.tagName === 'a');
  const href = (link?.properties as { href?: unknown } | undefined)?.href;
  return link && typeof href === 'string' ? { href, label: hastText(link) } : null;
}

function Div({ node, ...props }: ElementProps<'div'> & { node?: HastNode }) {
  const names = classes(props.className);
  if (names.includes(MACRO_CLASS)) return <MacroElement source={textOf(props.children)} block />;
  const embedded = names.includes(EMBED_CLASS) ? embeddedLink(node) : null;
  if (embedded) return <PageEmbed href={embedded.href} label={embedded.label} />;
  const kind = names.find((name) => name.startsWith('callout-title-'))?.slice('callout-title-'.length);
  if (kind && (CALLOUT_KINDS as readonly string[]).includes(kind) && textOf(props.children) === '')
    return <CalloutTitle kind={kind} className={props.className ?? ''} />;
  return <div {...props} />;
}

function Span({ node: _node, ...props }: ElementProps<'span'>) {
  if (classes(props.className).includes(MACRO_CLASS))
    return <MacroElement source={textOf(props.children)} block={false} />;
  return <span {...props} />;
}

type HastNode = {
  type: string;
  tagName?: string;
  value?: string;
  properties?: { className?: unknown };
  children?: HastNode[];
};

const hastText = (node: HastNode): string =>
  node.type === 'text' ? (node.value ?? '') : (node.children ?? []).map(hastText).join('');

function Pre({ node, ...props }: ComponentProps<'pre'> & { node?: HastNode }) {
  const servers = useSession((s) => s.config.diagramServers);
  const code = node?.children?.find((child) => child.type === 'element');
  const names = code?.tagName === 'code' ? code.properties?.className : undefined;
  const is = (language: string) => Array.isArray(names) && names.includes(`language-${language}`);
  const source = () => (code ? hastText(code).replace(/\n$/, '') : '');
  if (code && is('mermaid')) return <MermaidDiagram source={source()} />;
  if (code && is('plantuml') && servers?.plantumlUri)
    return <ServerDiagram kind="plantuml" server={servers.plantumlUri} source={source()} />;
  if (code && is('blockdiag') && servers?.blockdiagUri)
    return <ServerDiagram kind="blockdiag" server={servers.blockdiagUri} source={source()} />;
  return <pre {...props} />;
}

export const macroComponents: Components = { div: Div, span: Span, pre: Pre };
