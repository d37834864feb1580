// Uploading from the Markdown editor: drop files on it or paste them; each upload inserts
// `![name](/attachment/{id})` (safe images) or `[name](/attachment/{id})` at the cursor. Works the
// same in co-editing: the insertion is an ordinary change of the shared text.
import { EditorView } from '@codemirror/view';
import { Compartment, Facet, type Extension } from '@codemirror/state';
import { attachmentMarkdown } from '../../../../shared/attachment-types';
import { errorMessages, toastError } from '../../stores/toasts';
import { uploadAttachment } from './api';
import { useAttachmentsChanged } from './store';

/** Uploads one file after another and inserts each one's Markdown at the cursor, on its own line. */
export async function uploadInto(view: EditorView, pageId: string, files: File[]): Promise<void> {
  for (const file of files) {
    try {
      const attachment = await uploadAttachment(pageId, file);
      if (view.dom.isConnected) {
        const { head } = view.state.selection.main;
        const line = view.state.doc.lineAt(head);
        const text = attachmentMarkdown(attachment);
        // Its own paragraph: a blank line between it and the text around it.
        const { doc } = view.state;
        const afterText = line.number > 1 && doc.line(line.number - 1).text.trim() !== '';
        const before = head !== line.from ? '\n\n' : afterText ? '\n' : '';
        const after = head === line.to && line.to === doc.length ? '\n' : '\n\n';
        const insert = `${before}${text}${after}`;
        view.dispatch({ changes: { from: head, insert }, selection: { anchor: head + insert.length } });
      }
      useAttachmentsChanged.getState().changed(pageId);
    } catch (err) {
      toastError(errorMessages(err));
    }
  }
}

/** The page uploads go to; null while the page is not saved yet. */
export const uploadPage = Facet.define<string | null, string | null>({
  combine: (values) => values[0] ?? null,
});
const uploadPageSlot = new Compartment();

/** Points uploads of an open editor at a page (a new page gets its id on its first save). */
export function setUploadPage(view: EditorView, pageId: string | null): void {
  view.dispatch({ effects: uploadPageSlot.reconfigure(uploadPage.of(pageId)) });
}

/** Uploads files to the editor's page, or shows `refusal` when there is no page yet. */
export function uploadToEditorPage(view: EditorView, files: File[], refusal: string): void {
  const pageId = view.state.facet(uploadPage);
  if (pageId === null) toastError([refusal]);
  else void uploadInto(view, pageId, files);
}

/** Drop and paste handlers, uploading to `pageId` (see setUploadPage). */
export function fileDropAndPaste(pageId: string | null, refusal: string): Extension {
  return [
    uploadPageSlot.of(uploadPage.of(pageId)),
    EditorView.domEventHandlers({
      drop(event, view) {
        const files = Array.from(event.dataTransfer?.files ?? []);
        if (files.length === 0) return false;
        event.preventDefault();
        const pos = view.posAtCoords({ x: event.clientX, y: event.clientY });
        if (pos !== null) view.dispatch({ selection: { anchor: pos } });
        uploadToEditorPage(view, files, refusal);
        return true;
      },
      paste(event, view) {
        const files = Array.from(event.clipboardData?.files ?? []);
        if (files.length === 0) return false;
        event.preventDefault();
        uploadToEditorPage(view, files, refusal);
        return true;
      },
    }),
  ];
}
