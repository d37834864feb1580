// /admin/markdown, presentation: where presentation mode cuts a page into slides (SPEC §9's
// presets: three blank lines, five hyphens, or a regular expression of the admin's own).
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_BREAK_PRESETS, type PresentationSettings } from '../../../../shared/presentation';
import { api } from '../../api/client';
import { ErrorMessages, Field } from '../../components/Field';
import { useSession } from '../../stores/session';
import { errorMessages, toastSuccess } from '../../stores/toasts';

export function PresentationSettingsSection() {
  const { t } = useTranslation();
  const [form, setForm] = useState<PresentationSettings | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  useEffect(() => {
    api.get<{ markdownParams: PresentationSettings }>('/_api/v3/markdown-setting').then(
      ({ markdownParams }) =>
        setForm({
          pageBreakSeparator: markdownParams.pageBreakSeparator,
          pageBreakCustomSeparator: markdownParams.pageBreakCustomSeparator,
        }),
      (err: unknown) => setErrors(errorMessages(err)),
    );
  }, []);
  if (!form) return <ErrorMessages messages={errors} />;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors([]);
    try {
      const { markdownParams } = await api.put<{ markdownParams: PresentationSettings }>(
        '/_api/v3/markdown-setting/presentation',
        form,
      );
      const session = useSession.getState();
      session.setConfig({ ...session.config, presentation: markdownParams });
      toastSuccess(t('toast.update_succeeded', { target: t('presentation_settings.title') }));
    } catch (err) {
      setErrors(errorMessages(err));
    }
  };
  return (
    <form
      className="card form-card settings-card"
      onSubmit={submit}
      noValidate
      data-testid="presentation-settings"
    >
      <h2>{t('presentation_settings.title')}</h2>
      <p className="field-hint">{t('presentation_settings.help')}</p>
      <ErrorMessages messages={errors} />
      <div className="field" role="radiogroup" aria-label={t('presentation_settings.title')}>
        {PAGE_BREAK_PRESETS.map((preset) => (
          <label key={preset} className="check">
            <input
              type="radio"
              name="pageBreakSeparator"
              checked={form.pageBreakSeparator === preset}
              onChange={() => setForm({ ...form, pageBreakSeparator: preset })}
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
          onChange={(e) => setForm({ ...form, pageBreakCustomSeparator: e.target.value })}
        />
      )}
      <button type="submit" className="btn btn-primary">
        {t('notifications.save')}
      </button>
    </form>
  );
}
