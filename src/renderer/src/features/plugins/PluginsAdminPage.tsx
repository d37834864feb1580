// /admin/plugins: the "plugin loading" switch, installing from a .zip or a folder on the server,
// and every installed plugin with name, version, kind and source — enable, disable, remove, and
// for themes, use it. A renderer extension (script) installs only with the consent box ticked.
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { InstalledPlugin, PluginsResponse } from '../../../../shared/plugin-types';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { errorMessages, toastError, toastSuccess } from '../../stores/toasts';
import {
  installFolder,
  installFromUrl,
  installZip,
  listPlugins,
  removePlugin,
  setPluginEnabled,
  updatePluginSettings,
} from './api';
import { usePluginsStore } from './store';
import { DataTable } from '../../components/DataTable';

function InstallForms({ onInstalled }: { onInstalled: (plugin: InstalledPlugin) => void }) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [folder, setFolder] = useState('');
  const [address, setAddress] = useState('');
  const [allowScript, setAllowScript] = useState(false);
  const [busy, setBusy] = useState(false);
  const run = (event: FormEvent, install: () => Promise<InstalledPlugin>) => {
    event.preventDefault();
    setBusy(true);
    install().then(
      (plugin) => {
        setBusy(false);
        onInstalled(plugin);
      },
      (error: unknown) => {
        setBusy(false);
        toastError(errorMessages(error));
      },
    );
  };
  return (
    <section className="card plugin-install">
      <h2>{t('plugins.install')}</h2>
      <form onSubmit={(event) => file && run(event, () => installZip(file, allowScript))}>
        <label className="field-label" htmlFor="plugin-zip">
          {t('plugins.from_zip')}
        </label>
        <input
          id="plugin-zip"
          type="file"
          accept=".zip,application/zip"
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        />
        <button type="submit" className="btn btn-primary" disabled={!file || busy}>
          {t('plugins.install_zip')}
        </button>
      </form>
      <form
        onSubmit={(event) => folder.trim() && run(event, () => installFolder(folder.trim(), allowScript))}
      >
        <label className="field-label" htmlFor="plugin-folder">
          {t('plugins.from_folder')}
        </label>
        <input
          id="plugin-folder"
          className="input"
          value={folder}
          placeholder="/srv/quire-plugins/my-plugin"
          onChange={(event) => setFolder(event.target.value)}
        />
        <button type="submit" className="btn btn-secondary" disabled={!folder.trim() || busy}>
          {t('plugins.install_folder')}
        </button>
      </form>
      <form
        onSubmit={(event) => address.trim() && run(event, () => installFromUrl(address.trim(), allowScript))}
      >
        <label className="field-label" htmlFor="plugin-url">
          {t('plugins.from_url')}
        </label>
        <input
          id="plugin-url"
          className="input"
          value={address}
          placeholder="https://github.com/owner/quire-plugin"
          onChange={(event) => setAddress(event.target.value)}
        />
        <button type="submit" className="btn btn-secondary" disabled={!address.trim() || busy}>
          {t('plugins.install_url')}
        </button>
      </form>
      <p className="field-hint">{t('plugins.data_only')}</p>
      <label className="checkbox-row plugin-script-consent">
        <input type="checkbox" checked={allowScript} onChange={(e) => setAllowScript(e.target.checked)} />
        {t('plugins.allow_script')}
      </label>
      {allowScript && (
        <p className="alert alert-warning" role="note">
          {t('plugins.allow_script_warning')}
        </p>
      )}
    </section>
  );
}

function PluginRow({
  plugin,
  activeTheme,
  onChange,
}: {
  plugin: InstalledPlugin;
  activeTheme: string;
  onChange: (promise: Promise<unknown>, done: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <tr>
      <td>
        <strong>{plugin.name}</strong>
        {plugin.description && <div className="muted">{plugin.description}</div>}
      </td>
      <td>{plugin.version}</td>
      <td>
        {t(`plugins.kind_${plugin.kind}`)}{' '}
        {plugin.runsScript && <span className="badge badge-warning">{t('plugins.runs_script')}</span>}
      </td>
      <td className="plugin-source">{plugin.source}</td>
      <td>{plugin.isEnabled ? t('plugins.enabled') : t('plugins.disabled')}</td>
      <td className="plugin-actions">
        <button
          type="button"
          className="btn btn-sm btn-secondary"
          onClick={() => onChange(setPluginEnabled(plugin._id, !plugin.isEnabled), t('plugins.saved'))}
        >
          {plugin.isEnabled ? t('plugins.disable') : t('plugins.enable')}
        </button>
        {plugin.themes.map((theme) => {
          const value = `${plugin._id}/${theme.id}`;
          const inUse = activeTheme === value;
          return (
            <button
              key={theme.id}
              type="button"
              className="btn btn-sm btn-secondary"
              onClick={() =>
                onChange(updatePluginSettings({ activeTheme: inUse ? '' : value }), t('plugins.saved'))
              }
            >
              {inUse
                ? t('plugins.stop_theme', { title: theme.title })
                : t('plugins.use_theme', { title: theme.title })}
            </button>
          );
        })}
        <button
          type="button"
          className="btn btn-sm btn-danger"
          onClick={() => {
            if (window.confirm(t('plugins.remove_confirm', { name: plugin.name })))
              onChange(removePlugin(plugin._id), t('plugins.removed'));
          }}
        >
          {t('plugins.remove')}
        </button>
      </td>
    </tr>
  );
}

export function PluginsAdminPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('admin.plugins'));
  const [data, setData] = useState<PluginsResponse | null>(null);
  const reloadActive = usePluginsStore((s) => s.load);
  const refresh = () => listPlugins().then(setData, (error: unknown) => toastError(errorMessages(error)));
  useEffect(() => {
    void refresh();
  }, []);
  const change = (promise: Promise<unknown>, done: string) =>
    promise.then(
      () => {
        toastSuccess(done);
        void refresh();
        void reloadActive();
      },
      (error: unknown) => toastError(errorMessages(error)),
    );
  if (!data) return <main className="content admin-content" aria-busy="true" />;
  return (
    <main className="content admin-content plugins-admin">
      <h1 className="page-title">{t('admin.plugins')}</h1>
      <label className="checkbox-row">
        <input
          type="checkbox"
          checked={data.isEnabledPlugins}
          onChange={(event) =>
            change(updatePluginSettings({ isEnabledPlugins: event.target.checked }), t('plugins.saved'))
          }
        />
        {t('plugins.loading')}
      </label>
      <InstallForms
        onInstalled={(plugin) => {
          toastSuccess(t('plugins.installed', { name: plugin.name }));
          void refresh();
          void reloadActive();
        }}
      />
      {data.plugins.length === 0 ? (
        <p className="muted">{t('plugins.none')}</p>
      ) : (
        <DataTable
          className="table plugins-table"
          ns="plugins"
          columns={['name', 'version', 'kind', 'source', 'status', '']}
        >
          {data.plugins.map((plugin) => (
            <PluginRow key={plugin._id} plugin={plugin} activeTheme={data.activeTheme} onChange={change} />
          ))}
        </DataTable>
      )}
    </main>
  );
}
