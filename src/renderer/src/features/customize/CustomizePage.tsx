// /admin/customize (issue 15): layout, code highlight style, the tab title, a custom header, custom
// CSS, and a custom script that runs only with its switch on (with a warning). Each section saves
// on its own; the shell applies the changes at once.
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_TITLE_TEMPLATE,
  HIGHLIGHT_STYLES,
  UI_THEMES,
  type CustomizeParams,
} from '../../../../shared/customize-types';
import { getCustomizeSettings, saveCustomizePart } from '../admin/settings-api';
import { Alert, ErrorMessages, Field } from '../../components/Field';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useSession } from '../../stores/session';
import { errorMessages, toastError, toastSuccess } from '../../stores/toasts';
import { Check } from '../../components/Check';

function Section({
  title,
  testId,
  onSave,
  children,
}: {
  title: string;
  testId: string;
  onSave: () => Promise<void>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void onSave();
  };
  return (
    <form className="card form-card settings-card" onSubmit={submit} noValidate data-testid={testId}>
      <h2 className="modal-section-title">{title}</h2>
      {children}
      <button type="submit" className="btn btn-primary">
        {t('notifications.save')}
      </button>
    </form>
  );
}

function Code({
  label,
  value,
  onChange,
  rows = 6,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  rows?: number;
}) {
  return (
    <label className="field">
      <span className="field-label">{label}</span>
      <textarea
        className="input code-input"
        rows={rows}
        value={value}
        spellCheck={false}
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  );
}

export function CustomizePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('customize.title'));
  const [form, setForm] = useState<CustomizeParams | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  useEffect(() => {
    getCustomizeSettings().then(
      (customizeParams) => setForm(customizeParams),
      (err: unknown) => setErrors(errorMessages(err)),
    );
  }, []);
  if (!form)
    return (
      <main className="content narrow">
        <ErrorMessages messages={errors} />
      </main>
    );
  const set = (patch: Partial<CustomizeParams>) => setForm({ ...form, ...patch });
  const save = (route: string, body: object, what: string) => async () => {
    try {
      const customizeParams = await saveCustomizePart(route, body);
      setForm(customizeParams);
      const session = useSession.getState();
      const { theme, isContainerFluid, styleName, styleBorder, customizeTitle, customizeHeader } =
        customizeParams;
      session.setConfig({
        ...session.config,
        customize: { theme, isContainerFluid, styleName, styleBorder, customizeTitle, customizeHeader },
      });
      toastSuccess(t('toast.update_succeeded', { target: what }));
    } catch (err) {
      toastError(errorMessages(err));
    }
  };
  return (
    <main className="content narrow">
      <h1 className="page-title">{t('customize.title')}</h1>
      <Section
        title={t('customize.theme')}
        testId="customize-theme"
        onSave={save('theme', { theme: form.theme }, t('customize.theme'))}
      >
        <div className="field" role="radiogroup" aria-label={t('customize.theme')}>
          {UI_THEMES.map((theme) => (
            <label key={theme} className="check">
              <input
                type="radio"
                name="theme"
                checked={form.theme === theme}
                onChange={() => set({ theme })}
              />
              {t(`customize.theme_${theme}`)}
            </label>
          ))}
        </div>
        <p className="field-hint">{t('customize.theme_hint')}</p>
      </Section>
      <Section
        title={t('customize.layout')}
        testId="customize-layout"
        onSave={save('layout', { isContainerFluid: form.isContainerFluid }, t('customize.layout'))}
      >
        <Check
          label={t('customize.container_fluid')}
          checked={form.isContainerFluid}
          onChange={(checked) => set({ isContainerFluid: checked })}
        />
      </Section>
      <Section
        title={t('customize.highlight')}
        testId="customize-highlight"
        onSave={save(
          'highlight',
          { styleName: form.styleName, styleBorder: form.styleBorder },
          t('customize.highlight'),
        )}
      >
        <label className="field">
          <span className="field-label">{t('customize.highlight_style')}</span>
          <select
            className="input"
            value={form.styleName}
            onChange={(e) => set({ styleName: e.target.value as CustomizeParams['styleName'] })}
          >
            {HIGHLIGHT_STYLES.map((style) => (
              <option key={style} value={style}>
                {t(`customize.style_${style.replace('-', '_')}`)}
              </option>
            ))}
          </select>
        </label>
        <Check
          label={t('customize.highlight_border')}
          checked={form.styleBorder}
          onChange={(checked) => set({ styleBorder: checked })}
        />
      </Section>
      <Section
        title={t('customize.tab_title')}
        testId="customize-title"
        onSave={save('customize-title', { customizeTitle: form.customizeTitle }, t('customize.tab_title'))}
      >
        <Field
          label={t('customize.tab_title_template')}
          value={form.customizeTitle}
          placeholder={DEFAULT_TITLE_TEMPLATE}
          hint={t('customize.tab_title_hint', { pagename: '{{pagename}}', sitename: '{{sitename}}' })}
          onChange={(e) => set({ customizeTitle: e.target.value })}
        />
      </Section>
      <Section
        title={t('customize.header')}
        testId="customize-header"
        onSave={save('customize-header', { customizeHeader: form.customizeHeader }, t('customize.header'))}
      >
        <p className="field-hint">{t('customize.header_hint')}</p>
        <Code
          label={t('customize.header_html')}
          value={form.customizeHeader}
          onChange={(v) => set({ customizeHeader: v })}
          rows={4}
        />
      </Section>
      <Section
        title={t('customize.css')}
        testId="customize-css"
        onSave={save('customize-css', { customizeCss: form.customizeCss }, t('customize.css'))}
      >
        <Code
          label={t('customize.css_code')}
          value={form.customizeCss}
          onChange={(v) => set({ customizeCss: v })}
        />
      </Section>
      <Section
        title={t('customize.script')}
        testId="customize-script"
        onSave={save(
          'customize-script',
          { customizeScript: form.customizeScript, isScriptEnabled: form.isScriptEnabled },
          t('customize.script'),
        )}
      >
        <Alert kind="warning">{t('customize.script_warning')}</Alert>
        <Check
          label={t('customize.script_enable')}
          checked={form.isScriptEnabled}
          onChange={(checked) => set({ isScriptEnabled: checked })}
        />
        <Code
          label={t('customize.script_code')}
          value={form.customizeScript}
          onChange={(v) => set({ customizeScript: v })}
        />
      </Section>
    </main>
  );
}
