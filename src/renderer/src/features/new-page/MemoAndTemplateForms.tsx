// The New Page dialog's first and third sections: today's memo and a template page.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { generateEditorPath } from '../../../../shared/page-path';
import { Field } from '../../components/Field';
import { useUi } from '../../stores/ui';
import {
  DEFAULT_MEMO_NAME,
  PATH_ERROR_KEYS,
  templatePath,
  todayMemoPath,
  type TemplateKind,
} from './memo-path';

function useOpenEditor(onDone: () => void, setError: (message: string) => void) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (path: string) => {
    try {
      const target = generateEditorPath(path);
      onDone();
      navigate(target);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      setError(t(PATH_ERROR_KEYS[message] ?? 'path.invalid_format'));
    }
  };
}

export function TodayMemoForm({ username, onDone }: { username: string; onDone: () => void }) {
  const { t } = useTranslation();
  const [memoName, setMemoName] = useState(DEFAULT_MEMO_NAME);
  const [pageName, setPageName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const open = useOpenEditor(onDone, setError);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    open(todayMemoPath(username, memoName, pageName, new Date()));
  };
  return (
    <form onSubmit={submit} noValidate className="new-page-section">
      <div className="modal-body">
        <h3 className="modal-section-title">{t('new_page.today')}</h3>
        <p className="field-hint">{todayMemoPath(username, memoName, pageName, new Date())}</p>
        <div className="inline-fields">
          <Field
            label={t('new_page.memo_name')}
            value={memoName}
            onChange={(event) => setMemoName(event.target.value)}
            error={error}
          />
          <Field
            label={t('new_page.page_name')}
            value={pageName}
            placeholder={t('new_page.optional')}
            onChange={(event) => setPageName(event.target.value)}
          />
        </div>
        <button type="submit" className="btn btn-secondary">
          {t('new_page.create_memo')}
        </button>
      </div>
    </form>
  );
}

export function TemplateForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<TemplateKind | null>(null);
  const [error, setError] = useState<string | null>(null);
  const open = useOpenEditor(onDone, setError);
  const current = useUi.getState().currentPath;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (kind) open(templatePath(current, kind));
  };
  return (
    <form onSubmit={submit} noValidate className="new-page-section">
      <div className="modal-body">
        <h3 className="modal-section-title">{t('new_page.template')}</h3>
        <fieldset className="radio-group">
          <legend className="field-hint">{t('new_page.template_hint')}</legend>
          {(['children', 'descendants'] as const).map((value) => (
            <label key={value} className="check">
              <input
                type="radio"
                name="template-kind"
                checked={kind === value}
                onChange={() => setKind(value)}
              />
              {t(`new_page.template_${value}`)} <code>{templatePath(current, value)}</code>
            </label>
          ))}
        </fieldset>
        {error && <p className="field-error">{error}</p>}
        <button type="submit" className="btn btn-secondary" disabled={kind === null}>
          {t('page.edit')}
        </button>
      </div>
    </form>
  );
}
