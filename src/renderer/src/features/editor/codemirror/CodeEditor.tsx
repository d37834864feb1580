// A small React wrapper around CodeMirror 6's EditorView. The view owns the text: React renders
// this component once, never per keystroke; callers read the text from the view (onDocChange).
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { markdown, markdownLanguage } from '@codemirror/lang-markdown';
import { defaultHighlightStyle, indentUnit, syntaxHighlighting } from '@codemirror/language';
import { Compartment, EditorState, type Extension } from '@codemirror/state';
import {
  drawSelection,
  EditorView,
  highlightActiveLine,
  keymap,
  lineNumbers,
  placeholder as placeholderText,
} from '@codemirror/view';
import { useEffect, useRef } from 'react';
import { markdownKeys, runMarkdownAction } from './markdown-commands';

export interface CodeEditorProps {
  /** The text at mount (later changes of this prop are ignored: the view owns the text). */
  initialDoc: string;
  /** Extra extensions at mount, e.g. co-editing's yCollab. */
  extensions?: Extension;
  /**
   * Co-editing: undo belongs to the shared document's undo manager (only one's own changes), so
   * CodeMirror's history, which would undo colleagues' typing too, is left out.
   */
  collaborative?: boolean;
  /** Spaces per indent level. */
  indent: number;
  label: string;
  placeholder: string;
  onDocChange?: (view: EditorView) => void;
  onView?: (view: EditorView | null) => void;
  /** A key or mouse button released inside the editor (the preview refreshes sooner). */
  onRelease?: () => void;
  onScroll?: (ratio: number) => void;
}

const indentSetting = new Compartment();

function indentExtension(spaces: number): Extension {
  return [indentUnit.of(' '.repeat(spaces)), EditorState.tabSize.of(spaces)];
}

export function CodeEditor(props: CodeEditorProps) {
  const parentRef = useRef<HTMLDivElement>(null);
  const viewRef = useRef<EditorView | null>(null);
  // The latest callbacks, read by listeners created once at mount.
  const propsRef = useRef(props);
  useEffect(() => {
    propsRef.current = props;
  });

  useEffect(() => {
    const parent = parentRef.current;
    if (!parent) return;
    const initial = propsRef.current;
    const view = new EditorView({
      parent,
      state: EditorState.create({
        doc: initial.initialDoc,
        // The cursor starts after the text (issue 30): keys typed as the editor opens never land
        // in the first line of what is there.
        selection: { anchor: initial.initialDoc.length },
        extensions: [
          lineNumbers(),
          initial.collaborative ? [] : history(),
          drawSelection(),
          highlightActiveLine(),
          EditorView.lineWrapping,
          markdown({ base: markdownLanguage }),
          syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
          indentSetting.of(indentExtension(initial.indent)),
          keymap.of([
            ...markdownKeys.map(({ key, action }) => ({
              key,
              run: (v: EditorView) => runMarkdownAction(v, action),
            })),
            indentWithTab,
            ...defaultKeymap,
            ...(initial.collaborative ? [] : historyKeymap),
          ]),
          placeholderText(initial.placeholder),
          EditorView.contentAttributes.of({ 'aria-label': initial.label }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) propsRef.current.onDocChange?.(update.view);
          }),
          EditorView.domEventHandlers({
            keyup: () => propsRef.current.onRelease?.(),
            mouseup: () => propsRef.current.onRelease?.(),
          }),
          initial.extensions ?? [],
        ],
      }),
    });
    viewRef.current = view;
    const onScroll = () => {
      const { scrollTop, scrollHeight, clientHeight } = view.scrollDOM;
      const range = scrollHeight - clientHeight;
      propsRef.current.onScroll?.(range > 0 ? scrollTop / range : 0);
    };
    view.scrollDOM.addEventListener('scroll', onScroll, { passive: true });
    propsRef.current.onView?.(view);
    view.focus();
    return () => {
      view.scrollDOM.removeEventListener('scroll', onScroll);
      propsRef.current.onView?.(null);
      viewRef.current = null;
      view.destroy();
    };
  }, []);

  useEffect(() => {
    viewRef.current?.dispatch({ effects: indentSetting.reconfigure(indentExtension(props.indent)) });
  }, [props.indent]);

  return <div className="editor-input" ref={parentRef} />;
}
