// /admin/app's "plugin loading" switch (SPEC §2's app settings): the same setting as the switch on
// /admin/plugins. Off, the web app uses no plugin at all (no templates, theme or renderer
// extension), whatever is installed and enabled.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorMessages } from '../../components/Field';
import { errorMessages, toastSuccess } from '../../stores/toasts';
import { listPlugins, updatePluginSettings } from './api';
import { usePluginsStore } from './store';

export function PluginLoadingSection() {
  const { t } = useTranslation();
  const [enabled, setEnabled] = useState<boolean | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const reloadActive = usePluginsStore((s) => s.load);
  useEffect(() => {
    listPlugins().then(
      (data) => setEnabled(data.isEnabledPlugins),
      (err: unknown) => setErrors(errorMessages(err)),
    );
  }, []);
  const change = (next: boolean) => {
    const before = enabled;
    setEnabled(next); // shown at once; put back if the server refuses
    return updatePluginSettings({ isEnabledPlugins: next }).then(
      (data) => {
        setEnabled(data.isEnabledPlugins);
        toastSuccess(t('plugins.saved'));
        void reloadActive();
      },
      (err: unknown) => {
        setEnabled(before);
        setErrors(errorMessages(err));
      },
    );
  };
  return (
    <section className="card form-card settings-card" aria-labelledby="app-plugins">
      <h2 id="app-plugins" className="modal-section-title">
        {t('admin.plugins')}
      </h2>
      <ErrorMessages messages={errors} />
      {enabled !== null && (
        <label className="checkbox-row">
          <input type="checkbox" checked={enabled} onChange={(e) => void change(e.target.checked)} />
          {t('plugins.loading')}
        </label>
      )}
      <p>
        <Link to="/admin/plugins">{t('plugins.open_screen')}</Link>
      </p>
    </section>
  );
}
