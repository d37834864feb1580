// The New Page dialog's plugin templates: choose a template of an enabled template plugin and a
// path; the editor of that path opens with the template's Markdown.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { generateEditorPath } from '../../../../shared/page-path';
import { Field } from '../../components/Field';
import { errorMessages, toastError } from '../../stores/toasts';
import { useUi } from '../../stores/ui';
import { defaultParentPath, PATH_ERROR_KEYS } from '../new-page/memo-path';
import { templateMarkdown } from './api';
import { setPendingTemplate } from './pending-template';
import { usePluginsStore } from './store';

/** One empty list: a selector answering a new [] each time makes React re-render forever (#185). */
const NO_TEMPLATES: never[] = [];

export function PluginTemplateForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const templates = usePluginsStore((s) => s.active?.templates ?? NO_TEMPLATES);
  const [choice, setChoice] = useState('');
  const [path, setPath] = useState(() => defaultParentPath(useUi.getState().currentPath));
  const [error, setError] = useState<string | null>(null);
  if (templates.length === 0) return null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const template = templates.find((entry) => `${entry.pluginId}/${entry.id}` === choice);
    if (!template) return;
    let target: string;
    try {
      target = generateEditorPath(path.trim());
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      return setError(t(PATH_ERROR_KEYS[message] ?? 'path.invalid_format'));
    }
    templateMarkdown(template.pluginId, template.id).then(
      (markdown) => {
        setPendingTemplate(target.replace(/#edit$/, ''), markdown);
        onDone();
        navigate(target);
      },
      (err: unknown) => toastError(errorMessages(err)),
    );
  };
  return (
    <form onSubmit={submit} noValidate className="new-page-section">
      <div className="modal-body">
        <h3 className="modal-section-title">{t('plugins.new_page_title')}</h3>
        <div className="inline-fields">
          <div className="field">
            <label htmlFor="plugin-template">{t('plugins.template')}</label>
            <select
              id="plugin-template"
              className="input"
              value={choice}
              onChange={(event) => setChoice(event.target.value)}
            >
              <option value="">{t('plugins.choose_template')}</option>
              {templates.map((entry) => (
                <option key={`${entry.pluginId}/${entry.id}`} value={`${entry.pluginId}/${entry.id}`}>
                  {entry.title}
                </option>
              ))}
            </select>
          </div>
          <Field
            label={t('fields.path')}
            value={path}
            onChange={(event) => {
              setPath(event.target.value);
              setError(null);
            }}
            error={error}
            spellCheck={false}
          />
        </div>
        <button type="submit" className="btn btn-secondary" disabled={!choice}>
          {t('plugins.create_from_template')}
        </button>
      </div>
    </form>
  );
}
