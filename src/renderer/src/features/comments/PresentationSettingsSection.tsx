// /admin/markdown, presentation: where presentation mode cuts a page into slides (SPEC §9's
// presets: three blank lines, five hyphens, or a regular expression of the admin's own).
import { useTranslation } from 'react-i18next';
import { PAGE_BREAK_PRESETS } from '../../../../shared/presentation';
import { ErrorMessages, Field } from '../../components/Field';
import { SettingsSection } from '../../components/SettingsSection';
import { useSettingsForm } from '../../components/useSettingsForm';
import { useSession } from '../../stores/session';
import { getPresentationSettings, savePresentationSettings } from '../admin/settings-api';

export function PresentationSettingsSection() {
  const { t } = useTranslation();
  const settings = useSettingsForm({
    load: getPresentationSettings,
    save: savePresentationSettings,
    savedMessage: t('toast.update_succeeded', { target: t('presentation_settings.title') }),
    onSaved: (presentation) => {
      const session = useSession.getState();
      session.setConfig({ ...session.config, presentation });
    },
  });
  const { form, update } = settings;
  if (!form) return <ErrorMessages messages={settings.errors} />;
  return (
    <SettingsSection
      title={t('presentation_settings.title')}
      hint={t('presentation_settings.help')}
      testId="presentation-settings"
      settings={settings}
    >
      <div className="field" role="radiogroup" aria-label={t('presentation_settings.title')}>
        {PAGE_BREAK_PRESETS.map((preset) => (
          <label key={preset} className="check">
            <input
              type="radio"
              name="pageBreakSeparator"
              checked={form.pageBreakSeparator === preset}
              onChange={() => update('pageBreakSeparator', preset)}
            />
            {t(`presentation_settings.preset_${preset}`)}
          </label>
        ))}
      </div>
      {form.pageBreakSeparator === 3 && (
        <Field
          label={t('presentation_settings.custom')}
          value={form.pageBreakCustomSeparator}
          placeholder="^={3,}$"
          onChange={(e) => update('pageBreakCustomSeparator', e.target.value)}
        />
      )}
    </SettingsSection>
  );
}
