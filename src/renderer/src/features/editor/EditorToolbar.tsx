// The Markdown toolbar (SPEC §2): heading, bold, italic, strike, lists, task list, quote, code,
// table, link, image; and the indent setting.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/Icon';
import { useSession } from '../../stores/session';
import type { MarkdownAction } from './codemirror/markdown-commands';

const BUTTONS: { action: MarkdownAction; glyph: string; shortcut?: string }[] = [
  { action: 'heading', glyph: 'H' },
  { action: 'bold', glyph: 'B', shortcut: 'Ctrl+B' },
  { action: 'italic', glyph: 'I', shortcut: 'Ctrl+I' },
  { action: 'strike', glyph: 'S', shortcut: 'Ctrl+Shift+X' },
  { action: 'bullet', glyph: '•', shortcut: 'Ctrl+Shift+8' },
  { action: 'ordered', glyph: '1.', shortcut: 'Ctrl+Shift+7' },
  { action: 'task', glyph: '☐', shortcut: 'Ctrl+Shift+9' },
  { action: 'quote', glyph: '❝' },
  { action: 'code', glyph: '</>', shortcut: 'Ctrl+E' },
  { action: 'codeBlock', glyph: '{ }' },
  { action: 'table', glyph: '▦' },
  { action: 'link', glyph: '[…]', shortcut: 'Ctrl+K' },
  { action: 'image', glyph: '![…]' },
];

const INDENT_KEY = 'quire:editor:indent';
export const INDENT_CHOICES = [2, 4] as const;

/**
 * The indent setting, remembered in this browser; the admin's preferred size (Markdown settings)
 * until the user picks one, or always when the admin forces it.
 */
export function useIndentSetting(): [number, (spaces: number) => void, boolean] {
  const admin = useSession((s) => s.config.markdown);
  const forced = admin?.isIndentSizeForced === true;
  const preferred = admin?.adminPreferredIndentSize ?? 4;
  const [indent, setIndent] = useState(() => {
    try {
      const stored = Number(localStorage.getItem(INDENT_KEY));
      return (INDENT_CHOICES as readonly number[]).includes(stored) ? stored : null;
    } catch {
      return null;
    }
  });
  const choose = (spaces: number) => {
    setIndent(spaces);
    try {
      localStorage.setItem(INDENT_KEY, String(spaces));
    } catch {
      // not remembered; still applied
    }
  };
  return [forced ? preferred : (indent ?? preferred), choose, forced];
}

export function EditorToolbar({
  onAction,
  indent,
  onIndent,
  onAttach,
  indentForced = false,
}: {
  onAction: (action: MarkdownAction) => void;
  /** Opens the file chooser for attachments. */
  onAttach: () => void;
  indent: number;
  onIndent: (spaces: number) => void;
  /** The admin fixed the indent: shown, not changeable. */
  indentForced?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="md-toolbar" role="toolbar" aria-label={t('editor_toolbar.label')}>
      {BUTTONS.map(({ action, glyph, shortcut }) => {
        const name = t(`editor_toolbar.${action}`);
        return (
          <button
            key={action}
            type="button"
            className={`md-tool md-tool-${action}`}
            aria-label={name}
            title={shortcut ? `${name} (${shortcut})` : name}
            // Keep the editor's selection: act on mouse down without taking focus.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => onAction(action)}
          >
            {glyph}
          </button>
        );
      })}
      <button
        type="button"
        className="md-tool md-tool-attach"
        aria-label={t('attachments.attach')}
        title={t('attachments.attach_hint')}
        onMouseDown={(event) => event.preventDefault()}
        onClick={onAttach}
      >
        <Icon name="attach" size={16} />
      </button>
      <label className="md-indent">
        {t('editor_toolbar.indent')}
        <select
          value={indent}
          disabled={indentForced}
          onChange={(event) => onIndent(Number(event.target.value))}
        >
          {INDENT_CHOICES.map((spaces) => (
            <option key={spaces} value={spaces}>
              {t('editor_toolbar.spaces', { count: spaces })}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
