// A Markdown textarea with Write and Preview tabs (the preview uses the comments' renderer).
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CommentBody } from './CommentBody';

interface Props {
  initial?: string;
  submitLabel: string;
  placeholder?: string;
  onSubmit: (text: string) => Promise<boolean>;
  onCancel?: () => void;
}

export function CommentEditor({ initial = '', submitLabel, placeholder, onSubmit, onCancel }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState(initial);
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '') return;
    setBusy(true);
    const done = await onSubmit(text);
    setBusy(false);
    if (done) {
      setText('');
      setTab('write');
    }
  };
  return (
    <form className="comment-editor" onSubmit={submit}>
      <div className="comment-editor-tabs" role="tablist">
        {(['write', 'preview'] as const).map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={tab === name}
            aria-controls={`${id}-${name}`}
            className={`comment-tab${tab === name ? ' active' : ''}`}
            onClick={() => setTab(name)}
          >
            {t(`comments.${name}`)}
          </button>
        ))}
      </div>
      {tab === 'write' ? (
        <textarea
          id={`${id}-write`}
          className="input comment-textarea"
          aria-label={t('comments.text_label')}
          value={text}
          rows={4}
          placeholder={placeholder ?? t('comments.placeholder')}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void submit(event);
          }}
        />
      ) : (
        <div id={`${id}-preview`} className="comment-preview" role="tabpanel">
          {text.trim() === '' ? (
            <p className="muted">{t('comments.nothing_to_preview')}</p>
          ) : (
            <CommentBody text={text} />
          )}
        </div>
      )}
      <div className="comment-editor-actions">
        <span className="field-hint">{t('comments.markdown_hint')}</span>
        {onCancel && (
          <button type="button" className="btn btn-secondary btn-sm" onClick={onCancel}>
            {t('common.cancel')}
          </button>
        )}
        <button type="submit" className="btn btn-primary btn-sm" disabled={busy || text.trim() === ''}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
