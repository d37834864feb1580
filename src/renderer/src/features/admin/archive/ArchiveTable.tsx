// The archives made here (GROWI's ArchiveFilesTable): file, version, collections, exported at, with
// download and delete.
import { useTranslation } from 'react-i18next';
import type { ZipFileStat } from '../../../../../shared/archive-types';
import { archiveApi } from './api';
import { DataTable } from '../../../components/DataTable';

function formatDate(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}/${pad(d.getMonth() + 1)}/${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

export function ArchiveTable({
  stats,
  onDelete,
}: {
  stats: ZipFileStat[];
  onDelete(fileName: string): void;
}) {
  const { t } = useTranslation();
  if (stats.length === 0) return <p className="muted">{t('archive.no_archives')}</p>;
  return (
    <DataTable
      className="data-table archive-table"
      ns="archive"
      columns={['file', 'version', 'collections', 'exported_at', '']}
    >
      {stats.map((stat) => (
        <tr key={stat.fileName} data-archive={stat.fileName}>
          <td>{stat.fileName}</td>
          <td>{stat.meta.version}</td>
          <td>{stat.innerFileStats.map((f) => f.collectionName).join(', ')}</td>
          <td>{formatDate(stat.meta.exportedAt)}</td>
          <td className="button-row">
            <a className="btn btn-sm" href={archiveApi.downloadUrl(stat.fileName)} download={stat.fileName}>
              {t('archive.download')}
            </a>
            <button type="button" className="btn btn-sm btn-danger" onClick={() => onDelete(stat.fileName)}>
              {t('archive.delete')}
            </button>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
