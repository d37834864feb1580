// The "create new archive" panel: collections by group with select-all, the password warning when
// user data is picked (GROWI's), and an optional GROWI version to write into meta.version.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { USER_COLLECTIONS } from '../../../../../shared/archive-types';
import { Alert } from '../../../components/Field';
import { groupCollections } from './collection-groups';

interface Props {
  collections: string[];
  busy: boolean;
  onExport(selected: string[], targetVersion: string | null): void;
  onCancel(): void;
}

export function SelectCollections({ collections, busy, onExport, onCancel }: Props) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<string[]>([]);
  const [targetVersion, setTargetVersion] = useState('');
  const toggle = (name: string, on: boolean) =>
    setSelected((prev) => (on ? [...prev, name] : prev.filter((c) => c !== name)));
  const setGroup = (list: string[], on: boolean) =>
    setSelected((prev) => (on ? [...new Set([...prev, ...list])] : prev.filter((c) => !list.includes(c))));
  const picksUsers = selected.some((c) => USER_COLLECTIONS.includes(c));

  return (
    <section className="card archive-select" aria-label={t('archive.select_title')}>
      <h2>{t('archive.select_title')}</h2>
      <div className="button-row">
        <button type="button" className="btn btn-sm" onClick={() => setSelected([...collections])}>
          {t('archive.check_all')}
        </button>
        <button type="button" className="btn btn-sm" onClick={() => setSelected([])}>
          {t('archive.uncheck_all')}
        </button>
      </div>
      {groupCollections(collections).map(([group, list]) => (
        <fieldset key={group} className="archive-group">
          <legend>
            <label>
              <input
                type="checkbox"
                checked={list.every((c) => selected.includes(c))}
                onChange={(e) => setGroup(list, e.target.checked)}
              />{' '}
              {t(`archive.group_${group}`)}
            </label>
          </legend>
          {list.map((name) => (
            <label key={name} className="archive-collection">
              <input
                type="checkbox"
                name={name}
                checked={selected.includes(name)}
                onChange={(e) => toggle(name, e.target.checked)}
              />{' '}
              {name}
            </label>
          ))}
        </fieldset>
      ))}
      {picksUsers && <Alert kind="warning">{t('archive.password_warning')}</Alert>}
      <label className="field">
        <span>{t('archive.target_version')}</span>
        <input
          className="input"
          value={targetVersion}
          placeholder="7.3.0"
          pattern="[0-9A-Za-z.+\-]{1,40}"
          onChange={(e) => setTargetVersion(e.target.value.trim())}
        />
        <small className="muted">{t('archive.target_version_hint')}</small>
      </label>
      <div className="button-row">
        <button
          type="button"
          className="btn btn-primary"
          disabled={busy || selected.length === 0}
          onClick={() => onExport(selected, targetVersion || null)}
        >
          {t('archive.export')}
        </button>
        <button type="button" className="btn" onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </div>
    </section>
  );
}
