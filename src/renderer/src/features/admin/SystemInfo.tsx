// The admin home's system information (SPEC §2): versions, where the data lives and how big it is,
// counts, the search index, and Quire's environment variables (secrets masked by the server).
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminHomeParams } from '../../../../shared/admin-home-types';
import { formatFileSize } from '../../../../shared/attachment-types';
import { getAdminHome } from './settings-api';
import { DiskSpaceCard } from './DiskSpaceCard';

function Row({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </>
  );
}

export function SystemInfo() {
  const { t } = useTranslation();
  const [params, setParams] = useState<AdminHomeParams | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    getAdminHome().then(
      (next) => !cancelled && setParams(next),
      () => !cancelled && setFailed(true),
    );
    return () => {
      cancelled = true;
    };
  }, []);

  if (failed) return <p role="alert">{t('admin_home.failed')}</p>;
  if (!params) return null;
  // In development the desktop app runs its server under plain Node: the window knows Electron's version.
  const electron = params.electronVersion ?? window.quire?.versions.electron ?? null;
  const env = Object.entries(params.envVars);
  return (
    <>
      <SystemFacts params={params} electron={electron} env={env} />
      <DiskSpaceCard params={params} onSaved={setParams} />
    </>
  );
}

function SystemFacts({
  params,
  electron,
  env,
}: {
  params: AdminHomeParams;
  electron: string | null;
  env: [string, string][];
}) {
  const { t } = useTranslation();
  return (
    <section className="card admin-system-info" aria-labelledby="system-info-title">
      <h2 id="system-info-title" className="side-title">
        {t('admin_home.system_info')}
      </h2>
      <dl className="facts">
        <Row label={t('admin_home.quire_version')} value={params.quireVersion} />
        <Row label={t('admin_home.node_version')} value={params.nodeVersion} />
        {electron && <Row label={t('admin_home.electron_version')} value={electron} />}
        <Row label={t('admin_home.sqlite_version')} value={params.sqliteVersion} />
        <Row label={t('admin_home.data_dir')} value={params.dataDir} />
        <Row label={t('admin_home.database_size')} value={formatFileSize(params.databaseSize)} />
        <Row label={t('admin_home.attachments_size')} value={formatFileSize(params.attachmentsSize)} />
        <Row label={t('admin_home.page_count')} value={String(params.pageCount)} />
        <Row label={t('admin_home.user_count')} value={String(params.userCount)} />
        <Row
          label={t('admin_home.search_index')}
          value={t('admin_home.search_index_value', {
            status: t(`search_admin.${params.searchIndex.indexStatus}`),
            count: params.searchIndex.documentCount,
          })}
        />
      </dl>
      <h3 className="side-title">{t('admin_home.env_vars')}</h3>
      {env.length === 0 ? (
        <p className="muted">{t('admin_home.no_env_vars')}</p>
      ) : (
        <table className="table">
          <tbody>
            {env.map(([name, value]) => (
              <tr key={name}>
                <th scope="row">
                  <code>{name}</code>
                </th>
                <td>
                  <code>{value}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
