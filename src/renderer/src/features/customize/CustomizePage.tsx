// /admin/customize (issue 15): layout, list sizes and page functions (SPEC §9), code highlight style, the tab title, a custom header, custom
// CSS, and a custom script that runs only with its switch on (with a warning). Each section saves
// on its own; the shell applies the changes at once.
import { useEffect, useState, type ReactNode } from 'react';
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
import { errorMessages } from '../../stores/toasts';
import { SettingsSection } from '../../components/SettingsSection';
import { useSettingsForm } from '../../components/useSettingsForm';
import { Radios } from '../../components/Radios';
import { Check } from '../../components/Check';

const LIST_SIZE_KEYS = ['pageLimitationS', 'pageLimitationM', 'pageLimitationL', 'pageLimitationXL'] as const;
const FUNCTION_FLAGS = [
  'isEnabledTimeline',
  'isEnabledAttachTitleHeader',
  'isEnabledStaleNotification',
  'isAllReplyShown',
  'isSearchScopeChildrenAsDefault',
] as const;

/** One section of the page: its own fields, saved on their own to GROWI's route for them. */
function Part<K extends keyof CustomizeParams>(props: {
  initial: CustomizeParams;
  route: string;
  keys: readonly K[];
  title: string;
  testId: string;
  children: (form: Pick<CustomizeParams, K>, update: (patch: Partial<CustomizeParams>) => void) => ReactNode;
}) {
  const { initial, route, keys, title, testId, children } = props;
  const { t } = useTranslation();
  const pick = (params: CustomizeParams) =>
    Object.fromEntries(keys.map((key) => [key, params[key]])) as Pick<CustomizeParams, K>;
  const settings = useSettingsForm({
    initial: pick(initial),
    save: async (form) => {
      const saved = await saveCustomizePart(route, form);
      applyToShell(saved);
      return pick(saved);
    },
    savedMessage: t('toast.update_succeeded', { target: title }),
  });
  const form = settings.form!;
  return (
    <SettingsSection title={title} testId={testId} settings={settings}>
      {children(form, (patch) => settings.setForm({ ...form, ...patch }))}
    </SettingsSection>
  );
}

/** The shell draws the theme, layout, highlight style, tab title and header at once. */
function applyToShell(params: CustomizeParams) {
  const session = useSession.getState();
  const { customizeCss: _css, customizeScript: _script, isScriptEnabled: _enabled, ...customize } = params;
  session.setConfig({ ...session.config, customize });
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
  const [initial, setInitial] = useState<CustomizeParams | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  useEffect(() => {
    getCustomizeSettings().then(
      (customizeParams) => setInitial(customizeParams),
      (err: unknown) => setErrors(errorMessages(err)),
    );
  }, []);
  if (!initial)
    return (
      <main className="content narrow">
        <ErrorMessages messages={errors} />
      </main>
    );
  return (
    <main className="content narrow">
      <h1 className="page-title">{t('customize.title')}</h1>
      <Part
        initial={initial}
        route="theme"
        keys={['theme']}
        title={t('customize.theme')}
        testId="customize-theme"
      >
        {(form, set) => (
          <>
            <Radios
              name="theme"
              ariaLabel={t('customize.theme')}
              options={UI_THEMES}
              value={form.theme}
              label={(theme) => t(`customize.theme_${theme}`)}
              onChange={(theme) => set({ theme })}
            />
            <p className="field-hint">{t('customize.theme_hint')}</p>
          </>
        )}
      </Part>
      <Part
        initial={initial}
        route="layout"
        keys={['isContainerFluid']}
        title={t('customize.layout')}
        testId="customize-layout"
      >
        {(form, set) => (
          <>
            <Check
              label={t('customize.container_fluid')}
              checked={form.isContainerFluid}
              onChange={(checked) => set({ isContainerFluid: checked })}
            />
          </>
        )}
      </Part>
      <Part
        initial={initial}
        route="function"
        keys={[...LIST_SIZE_KEYS, ...FUNCTION_FLAGS]}
        title={t('customize.functions')}
        testId="customize-functions"
      >
        {(form, set) => (
          <>
            {LIST_SIZE_KEYS.map((key) => (
              <Field
                key={key}
                type="number"
                min={1}
                max={1000}
                label={t(`customize.${key}`)}
                value={String(form[key])}
                onChange={(e) => set({ [key]: Number(e.target.value) })}
              />
            ))}
            {FUNCTION_FLAGS.map((key) => (
              <Check
                key={key}
                label={t(`customize.${key}`)}
                checked={form[key]}
                onChange={(on) => set({ [key]: on })}
              />
            ))}
          </>
        )}
      </Part>
      <Part
        initial={initial}
        route="highlight"
        keys={['styleName', 'styleBorder']}
        title={t('customize.highlight')}
        testId="customize-highlight"
      >
        {(form, set) => (
          <>
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
          </>
        )}
      </Part>
      <Part
        initial={initial}
        route="customize-title"
        keys={['customizeTitle']}
        title={t('customize.tab_title')}
        testId="customize-title"
      >
        {(form, set) => (
          <>
            <Field
              label={t('customize.tab_title_template')}
              value={form.customizeTitle}
              placeholder={DEFAULT_TITLE_TEMPLATE}
              hint={t('customize.tab_title_hint', { pagename: '{{pagename}}', sitename: '{{sitename}}' })}
              onChange={(e) => set({ customizeTitle: e.target.value })}
            />
          </>
        )}
      </Part>
      <Part
        initial={initial}
        route="customize-header"
        keys={['customizeHeader']}
        title={t('customize.header')}
        testId="customize-header"
      >
        {(form, set) => (
          <>
            <p className="field-hint">{t('customize.header_hint')}</p>
            <Code
              label={t('customize.header_html')}
              value={form.customizeHeader}
              onChange={(v) => set({ customizeHeader: v })}
              rows={4}
            />
          </>
        )}
      </Part>
      <Part
        initial={initial}
        route="customize-css"
        keys={['customizeCss']}
        title={t('customize.css')}
        testId="customize-css"
      >
        {(form, set) => (
          <>
            <Code
              label={t('customize.css_code')}
              value={form.customizeCss}
              onChange={(v) => set({ customizeCss: v })}
            />
          </>
        )}
      </Part>
      <Part
        initial={initial}
        route="customize-script"
        keys={['customizeScript', 'isScriptEnabled']}
        title={t('customize.script')}
        testId="customize-script"
      >
        {(form, set) => (
          <>
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
          </>
        )}
      </Part>
    </main>
  );
}
