// A line diff between two revisions, unified or side by side.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DiffChange } from '../../../../shared/page-tree-types';
import { sideBySideRows, unifiedRows } from './diff-rows';

const MARK = { same: ' ', added: '+', removed: '-' } as const;

export function DiffView({ changes }: { changes: DiffChange[] }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<'unified' | 'split'>('unified');
  return (
    <div className="diff">
      <div className="diff-modes" role="group" aria-label={t('history.diff_mode')}>
        {(['unified', 'split'] as const).map((m) => (
          <button
            key={m}
            type="button"
            className={`btn btn-sm ${mode === m ? 'btn-primary' : 'btn-secondary'}`}
            aria-pressed={mode === m}
            onClick={() => setMode(m)}
          >
            {t(`history.${m}`)}
          </button>
        ))}
      </div>
      {mode === 'unified' ? (
        <table className="diff-table diff-unified" data-testid="diff-unified">
          <tbody>
            {unifiedRows(changes).map((row, i) => (
              <tr key={i} className={`diff-${row.kind}`}>
                <td className="diff-no">{row.oldNo ?? ''}</td>
                <td className="diff-no">{row.newNo ?? ''}</td>
                <td className="diff-text">
                  {MARK[row.kind]} {row.text}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <table className="diff-table diff-split" data-testid="diff-split">
          <tbody>
            {sideBySideRows(changes).map((row, i) => (
              <tr key={i}>
                <td className="diff-no">{row.left?.no ?? ''}</td>
                <td className={`diff-text diff-${row.left?.kind ?? 'blank'}`}>{row.left?.text ?? ''}</td>
                <td className="diff-no">{row.right?.no ?? ''}</td>
                <td className={`diff-text diff-${row.right?.kind ?? 'blank'}`}>{row.right?.text ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
