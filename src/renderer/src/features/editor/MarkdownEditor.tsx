// Markdown on the left (CodeMirror), the live preview on the right with the page view's renderer
// and sanitizer, scrolled along with the editor. Used by the editor (#edit) and co-editing (#hackmd).
// Files dropped, pasted or chosen with the attach button are uploaded to the page (issue 7).
import { Text, type Extension } from '@codemirror/state';
import type { EditorView } from '@codemirror/view';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MarkdownView } from '../../components/MarkdownView';
import {
  fileDropAndPaste,
  setUploadPage,
  uploadPage,
  uploadToEditorPage,
} from '../attachments/editor-upload';
import { toastError } from '../../stores/toasts';
import { CodeEditor } from './codemirror/CodeEditor';
import { runMarkdownAction } from './codemirror/markdown-commands';
import { EditorToolbar, useIndentSetting } from './EditorToolbar';
import { previewSource, type PreviewSource } from './preview-window';
import { usePreview } from './usePreview';

export interface MarkdownEditorProps {
  initialDoc: string;
  extensions?: Extension;
  /** Co-editing (see CodeEditor's `collaborative`). */
  collaborative?: boolean;
  /** Every change of the text (cheap: read the text from the view only when needed). */
  onDocChange?: (view: EditorView) => void;
  onView?: (view: EditorView | null) => void;
  /** The page uploads are attached to; null for a page not saved yet (uploads are refused). */
  pageId: string | null;
  /** The page's path, for macros in the preview (`$lsx` lists below it). */
  pagePath?: string;
}

export function MarkdownEditor({
  initialDoc,
  extensions,
  collaborative,
  onDocChange,
  onView,
  pageId,
  pagePath,
}: MarkdownEditorProps) {
  const { t } = useTranslation();
  const [indent, setIndent, indentForced] = useIndentSetting();
  const viewRef = useRef<EditorView | null>(null);
  const previewRef = useRef<HTMLElement>(null);
  const [initialPreview] = useState(() => previewSource(Text.of(initialDoc.split(/\r\n?|\n/)), 1));
  const read = (): PreviewSource => {
    const view = viewRef.current;
    if (!view) return initialPreview;
    return previewSource(view.state.doc, view.state.doc.lineAt(view.viewport.from).number);
  };
  const preview = usePreview(read, initialPreview, initialDoc.length);
  const refusal = t('attachments.save_first');
  // Made once: CodeEditor reads its extensions at mount; the page id is updated in the view below.
  const [uploadExtension] = useState(() => fileDropAndPaste(pageId, refusal));
  const allExtensions = useMemo(() => [extensions ?? [], uploadExtension], [extensions, uploadExtension]);
  useEffect(() => {
    if (viewRef.current) setUploadPage(viewRef.current, pageId);
  }, [pageId]);
  const fileInputRef = useRef<HTMLInputElement>(null);
  const chooseFiles = () => {
    if (viewRef.current?.state.facet(uploadPage)) fileInputRef.current?.click();
    else toastError([refusal]);
  };
  const { partial } = preview.value;
  // A large page's preview is a window starting near the editor's first line: show its start.
  useEffect(() => {
    if (partial && previewRef.current) previewRef.current.scrollTop = 0;
  }, [partial, preview.value]);

  return (
    <>
      <EditorToolbar
        indent={indent}
        onIndent={setIndent}
        indentForced={indentForced}
        onAction={(action) => viewRef.current && runMarkdownAction(viewRef.current, action)}
        onAttach={chooseFiles}
      />
      <input
        ref={fileInputRef}
        type="file"
        multiple
        hidden
        data-testid="attach-input"
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = '';
          if (viewRef.current) uploadToEditorPage(viewRef.current, files, refusal);
        }}
      />
      <div className="editor-panes">
        <CodeEditor
          initialDoc={initialDoc}
          extensions={allExtensions}
          collaborative={collaborative}
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
            if (partial) preview.schedule(viewRef.current?.state.doc.length ?? 0);
            else if (pane) pane.scrollTop = ratio * (pane.scrollHeight - pane.clientHeight);
          }}
        />
        <section className="editor-preview" ref={previewRef} aria-label={t('editor.preview')}>
          {partial && <p className="muted preview-partial">{t('editor_toolbar.partial_preview')}</p>}
          <MarkdownView body={preview.value.text} pagePath={pagePath} pageId={pageId ?? undefined} />
        </section>
      </div>
    </>
  );
}
