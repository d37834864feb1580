// The admin home's "installed plugins" (SPEC §2): name, version, kind and state of each.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PluginsResponse } from '../../../../shared/plugin-types';
import { listPlugins } from './api';

export function InstalledPluginsSummary() {
  const { t } = useTranslation();
  const [data, setData] = useState<PluginsResponse | null>(null);
  useEffect(() => {
    let cancelled = false;
    listPlugins().then(
      (answer) => !cancelled && setData(answer),
      () => undefined, // the admin home still shows everything else
    );
    return () => {
      cancelled = true;
    };
  }, []);
  if (!data) return null;
  return (
    <section className="card installed-plugins" aria-label={t('plugins.installed_title')}>
      <h2>{t('plugins.installed_title')}</h2>
      {!data.isEnabledPlugins && <p className="muted">{t('plugins.loading_off')}</p>}
      {data.plugins.length === 0 ? (
        <p className="muted">{t('plugins.none')}</p>
      ) : (
        <ul>
          {data.plugins.map((plugin) => (
            <li key={plugin._id}>
              {`${plugin.name} ${plugin.version} · ${t(`plugins.kind_${plugin.kind}`)} · ${
                plugin.isEnabled ? t('plugins.enabled') : t('plugins.disabled')
              }`}
            </li>
          ))}
        </ul>
      )}
      <Link to="/admin/plugins">{t('admin.plugins')}</Link>
    </section>
  );
}
