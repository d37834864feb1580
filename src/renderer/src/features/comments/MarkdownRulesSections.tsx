// /admin/markdown (issue 15): line breaks in pages, the editor's indent (a default or forced), and
// the XSS section — prevention is always on; the tags and attributes pages may use (SPEC §5).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ALLOWED_ATTRIBUTES, ALLOWED_TAGS } from '../../../../shared/sanitize-schema';
import { saveMarkdownPart } from '../admin/settings-api';
import { useSession } from '../../stores/session';
import { errorMessages, toastError, toastSuccess } from '../../stores/toasts';
import { DiagramServersSection } from './DiagramServersSection';
import { Check } from '../../components/Check';

type MarkdownConfig = NonNullable<ReturnType<typeof useSession.getState>['config']['markdown']>;

export function MarkdownRulesSections() {
  const { t } = useTranslation();
  const initial = useSession((s) => s.config.markdown);
  const [form, setForm] = useState<MarkdownConfig>(
    initial ?? { isEnabledLinebreaks: false, adminPreferredIndentSize: 4, isIndentSizeForced: false },
  );
  const save = async (route: 'lineBreak' | 'indent', body: object, what: string) => {
    try {
      const markdownParams = await saveMarkdownPart<MarkdownConfig>(route, body);
      setForm(markdownParams);
      const session = useSession.getState();
      session.setConfig({ ...session.config, markdown: markdownParams });
      toastSuccess(t('toast.update_succeeded', { target: what }));
    } catch (err) {
      toastError(errorMessages(err));
    }
  };
  return (
    <>
      <section className="card settings-card" data-testid="markdown-linebreaks">
        <h2>{t('markdown_settings.linebreaks')}</h2>
        <Check
          label={t('markdown_settings.linebreaks_pages')}
          checked={form.isEnabledLinebreaks}
          onChange={(checked) =>
            void save('lineBreak', { isEnabledLinebreaks: checked }, t('markdown_settings.linebreaks'))
          }
        />
        <p className="field-hint">{t('markdown_settings.linebreaks_hint')}</p>
      </section>
      <section className="card settings-card" data-testid="markdown-indent">
        <h2>{t('markdown_settings.indent')}</h2>
        <label className="field">
          <span className="field-label">{t('markdown_settings.indent_size')}</span>
          <select
            className="input"
            value={form.adminPreferredIndentSize}
            onChange={(e) =>
              void save(
                'indent',
                {
                  adminPreferredIndentSize: Number(e.target.value),
                  isIndentSizeForced: form.isIndentSizeForced,
                },
                t('markdown_settings.indent'),
              )
            }
          >
            {[2, 4].map((n) => (
              <option key={n} value={n}>
                {t('editor_toolbar.spaces', { count: n })}
              </option>
            ))}
          </select>
        </label>
        <Check
          label={t('markdown_settings.indent_forced')}
          checked={form.isIndentSizeForced}
          onChange={(checked) =>
            void save(
              'indent',
              {
                adminPreferredIndentSize: form.adminPreferredIndentSize,
                isIndentSizeForced: checked,
              },
              t('markdown_settings.indent'),
            )
          }
        />
      </section>
      <DiagramServersSection />
      <section className="card settings-card" data-testid="markdown-xss">
        <h2>{t('markdown_settings.xss')}</h2>
        <p>{t('markdown_settings.xss_always')}</p>
        <p className="field-hint">{t('markdown_settings.xss_tags')}</p>
        <p>
          <code className="allowlist">{ALLOWED_TAGS.filter((tag) => tag !== '-').join(', ')}</code>
        </p>
        <p className="field-hint">{t('markdown_settings.xss_attributes')}</p>
        <p>
          <code className="allowlist">
            {ALLOWED_ATTRIBUTES.map((a) => (a === 'className' ? 'class' : a)).join(', ')}
          </code>
        </p>
      </section>
    </>
  );
}
