// react-markdown components for what the shared pipeline marks with classes: macros become live
// lists, an untitled callout gets its translated title. Everything else renders as it came.
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import type { Components } from 'react-markdown';
import { CALLOUT_KINDS } from '../../../../shared/macros/remark-callouts';
import { MACRO_CLASS } from '../../../../shared/macros/remark-macros';
import { MacroElement, textOf } from './MacroElement';

type ElementProps<T extends 'div' | 'span'> = ComponentProps<T> & { node?: unknown };

const classes = (className: string | undefined) => (className ?? '').split(/\s+/);

function CalloutTitle({ kind, className }: { kind: string; className: string }) {
  const { t } = useTranslation();
  return <div className={className}>{t(`macros.callout.${kind}`)}</div>;
}

function Div({ node: _node, ...props }: ElementProps<'div'>) {
  const names = classes(props.className);
  if (names.includes(MACRO_CLASS)) return <MacroElement source={textOf(props.children)} block />;
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

export const macroComponents: Components = { div: Div, span: Span };
