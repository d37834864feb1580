// The importer's collection rows (GROWI's ImportCollectionItem): a checkbox, the mode (only those
// the collection allows, GROWI's default first) and the inserted / modified / failed counters.
import { useTranslation } from 'react-i18next';
import {
  allowedModes,
  isArchiveCollection,
  type GrowiArchiveImportOption,
  type ImportMode,
} from '../../../../../shared/archive-types';
import type { ImportResult } from './api';
import { ProgressBar } from './ProgressBar';
import { DataTable } from '../../../components/DataTable';

interface Props {
  available: string[];
  options: Map<string, GrowiArchiveImportOption>;
  progress: Map<string, ImportResult>;
  onToggle(name: string, on: boolean): void;
  onMode(name: string, mode: ImportMode): void;
}

export function ImportCollections({ available, options, progress, onToggle, onMode }: Props) {
  const { t } = useTranslation();
  return (
    <DataTable
      className="data-table import-table"
      ns="archive"
      columns={['collections', 'mode', 'progress', 'inserted', 'modified', 'failed']}
    >
      {available.map((name) => {
        const known = isArchiveCollection(name);
        const option = options.get(name);
        const p = progress.get(name);
        return (
          <tr key={name} data-collection={name}>
            <td>
              <label>
                <input
                  type="checkbox"
                  name={name}
                  disabled={!known}
                  checked={option !== undefined}
                  onChange={(e) => onToggle(name, e.target.checked)}
                />{' '}
                {name}
              </label>
              {!known && <small className="muted"> {t('archive.not_importable')}</small>}
            </td>
            <td>
              {option && (
                <select
                  className="input"
                  aria-label={`${t('archive.mode')} ${name}`}
                  value={option.mode}
                  onChange={(e) => onMode(name, e.target.value as ImportMode)}
                >
                  {allowedModes(name).map((mode) => (
                    <option key={mode} value={mode}>
                      {t(`archive.mode_${mode}`)}
                    </option>
                  ))}
                </select>
              )}
            </td>
            <td>{p && <ProgressBar label={name} current={p.currentCount} total={p.totalCount} />}</td>
            <td>{p?.insertedCount ?? ''}</td>
            <td>{p?.modifiedCount ?? ''}</td>
            <td title={p?.errors.map((e) => `${e.id ?? ''} ${e.message}`).join('\n')}>
              {p?.failedCount ?? ''}
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}
