// The page view's replacement for a macro element of the shared pipeline (`quire-macro-*`): it
// reads the macro back from its own text — the only thing the sanitizer let through — and shows
// the live list. A bad option shows the macro as written with the translated reason; a failure
// inside shows the error card (SPEC §8) in place of the macro, never in place of the page.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBoundary } from '../../components/ErrorBoundary';
import { findMacros, parseMacroArgs, type MacroArg } from '../../../../shared/macros/args';
import { readLsxMacro, type LsxMacro } from '../../../../shared/macros/lsx';
import { MacroOptionError } from '../../../../shared/macros/options';
import { MACRO_NAMES } from '../../../../shared/macros/remark-macros';
import { AttachmentRefs, type RefKind } from './AttachmentRefs';
import { LsxList } from './LsxList';
import { useMacroPage } from './macro-context';

function readLsx(args: MacroArg[], pagePath: string): LsxMacro | MacroOptionError {
  try {
    return readLsxMacro(args, pagePath);
  } catch (error) {
    if (error instanceof MacroOptionError) return error;
    throw error;
  }
}

function MacroBody({ source }: { source: string }) {
  const { t } = useTranslation();
  const page = useMacroPage();
  const macro = findMacros(source, MACRO_NAMES)[0];
  const args = macro ? parseMacroArgs(macro.args) : null;
  if (!macro || !args) return <>{source}</>;
  const problem = (message: string) => (
    <span className="macro-error" role="alert">
      <code>{source}</code> {message}
    </span>
  );
  if (macro.name === 'lsx' || macro.name === 'ls') {
    const read = readLsx(args, page.path ?? '/');
    if (read instanceof MacroOptionError) return problem(t(`macros.errors.${read.key}`, read.params));
    return <LsxList key={JSON.stringify(read)} macro={read} />;
  }
  return <AttachmentRefs kind={macro.name as RefKind} args={args} source={source} />;
}

/** The text of a hast-rendered element's children (the macro's source). */
export function textOf(children: ReactNode): string {
  if (typeof children === 'string' || typeof children === 'number') return String(children);
  if (Array.isArray(children)) return children.map(textOf).join('');
  return '';
}

export function MacroElement({ source, block }: { source: string; block: boolean }) {
  const Tag = block ? 'div' : 'span';
  return (
    <Tag className="macro">
      <ErrorBoundary name="Macro">
        <MacroBody source={source} />
      </ErrorBoundary>
    </Tag>
  );
}
