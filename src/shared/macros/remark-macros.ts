// GROWI's inline macros `$lsx(...)`, `$ref(...)`, `$refs(...)`, `$refimg(...)`, `$refsimg(...)`:
// each becomes an element whose only content is its own source text, with a class naming it
// (`quire-macro quire-macro-lsx`). That passes the SPEC §5 allowlist unchanged (span/div and class
// are allowed); the page view swaps it for the live list. Anything else — hostile arguments,
// unknown names, a renderer without the macro components — shows the text as written.
import type { Paragraph, Parent, PhrasingContent, Root, RootContent, Text } from 'mdast';
import { findMacros } from './args';

/** `ls` is GROWI's older name of `lsx`. */
export const MACRO_NAMES = ['lsx', 'ls', 'ref', 'refs', 'refimg', 'refsimg'] as const;
export const MACRO_CLASS = 'quire-macro';

interface MacroNode extends Parent {
  type: 'quireMacro';
  children: Text[];
  data: { hName: 'span' | 'div'; hProperties: { className: string[] } };
}

function macroNode(name: string, source: string): MacroNode {
  return {
    type: 'quireMacro',
    children: [{ type: 'text', value: source }],
    data: { hName: 'span', hProperties: { className: [MACRO_CLASS, `${MACRO_CLASS}-${name}`] } },
  };
}

/** Splits one text node at its macros. */
function splitText(node: Text): (Text | MacroNode)[] {
  const macros = findMacros(node.value, MACRO_NAMES);
  if (macros.length === 0) return [node];
  const parts: (Text | MacroNode)[] = [];
  let at = 0;
  for (const macro of macros) {
    if (macro.index > at) parts.push({ type: 'text', value: node.value.slice(at, macro.index) });
    parts.push(macroNode(macro.name, node.value.slice(macro.index, macro.index + macro.length)));
    at = macro.index + macro.length;
  }
  if (at < node.value.length) parts.push({ type: 'text', value: node.value.slice(at) });
  return parts;
}

/** A paragraph that holds one macro and nothing but white space: the macro as a block. */
function loneMacro(paragraph: Paragraph): MacroNode | null {
  const content = (paragraph.children as (PhrasingContent | MacroNode)[]).filter(
    (child) => !(child.type === 'text' && child.value.trim() === ''),
  );
  const only = content.length === 1 ? content[0] : undefined;
  if (only?.type !== 'quireMacro') return null;
  only.data.hName = 'div';
  return only;
}

function visit(parent: Parent): void {
  parent.children = parent.children.flatMap((child): RootContent[] => {
    if (child.type === 'text') return splitText(child) as RootContent[];
    // Code, inline code and raw HTML are literal: no macros inside.
    if ('children' in child) visit(child);
    if (child.type === 'paragraph') return [(loneMacro(child) ?? child) as RootContent];
    return [child];
  }) as Parent['children'];
}

export function remarkMacros() {
  return (tree: Root): void => visit(tree);
}
