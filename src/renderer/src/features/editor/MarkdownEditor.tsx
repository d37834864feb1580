// Markdown on the left (CodeMirror), the live preview on the right with the page view's renderer
// and sanitizer, scrolled along with the editor. Used by the editor (#edit) and co-editing (#hackmd).
import type { Extension } from '@codemirror/state';
import type { EditorView } from '@codemirror/view';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { MarkdownView } from '../../components/MarkdownView';
import { CodeEditor } from './codemirror/CodeEditor';
import { runMarkdownAction } from './codemirror/markdown-commands';
import { EditorToolbar, useIndentSetting } from './EditorToolbar';
import { usePreview } from './usePreview';

export interface MarkdownEditorProps {
  initialDoc: string;
  extensions?: Extension;
  /** Every change of the text (cheap: read the text from the view only when needed). */
  onDocChange?: (view: EditorView) => void;
  onView?: (view: EditorView | null) => void;
}

export function MarkdownEditor({ initialDoc, extensions, onDocChange, onView }: MarkdownEditorProps) {
  const { t } = useTranslation();
  const [indent, setIndent] = useIndentSetting();
  const viewRef = useRef<EditorView | null>(null);
  const previewRef = useRef<HTMLElement>(null);
  const preview = usePreview(() => viewRef.current?.state.doc.toString() ?? initialDoc, initialDoc);

  return (
    <>
      <EditorToolbar
        indent={indent}
        onIndent={setIndent}
        onAction={(action) => viewRef.current && runMarkdownAction(viewRef.current, action)}
      />
      <div className="editor-panes">
        <CodeEditor
          initialDoc={initialDoc}
          extensions={extensions}
          indent={indent}
          label={t('editor.markdown')}
          placeholder={t('editor.placeholder')}
          onView={(view) => {
            viewRef.current = view;
            onView?.(view);
          }}
          onDocChange={(view) => {
            preview.schedule(view.state.doc.length);
            onDocChange?.(view);
          }}
          onRelease={preview.hurry}
          onScroll={(ratio) => {
            const pane = previewRef.current;
            if (pane) pane.scrollTop = ratio * (pane.scrollHeight - pane.clientHeight);
          }}
        />
        <section className="editor-preview" ref={previewRef} aria-label={t('editor.preview')}>
          <MarkdownView body={preview.text} />
        </section>
      </div>
    </>
  );
}
