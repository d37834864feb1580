// After an import: what it left out and why, per collection — settings that belong to this
// machine, secrets, switches this wiki's admin turns on here, the admin's own account — and the
// documents that failed, in the admin's language where Quire knows the reason.
import { useTranslation } from 'react-i18next';
import type { ImportResult } from './api';

export function ImportReport({ progress }: { progress: Map<string, ImportResult> }) {
  const { t } = useTranslation();
  const withNotes = [...progress.values()].filter((p) => p.errors.length > 0);
  if (withNotes.length === 0) return null;
  return (
    <section aria-label={t('archive.report_title')} data-testid="import-report">
      <h3>{t('archive.report_title')}</h3>
      {withNotes.map((p) => (
        <details key={p.collectionName} open={p.errors.some((e) => e.code)}>
          <summary>
            {p.collectionName} ({p.errors.length})
          </summary>
          <ul>
            {p.errors.map((e, i) => (
              <li key={`${e.id ?? ''}-${i}`}>
                {e.id && <code>{e.id}</code>} {e.code ? t(`archive.note_${e.code}`) : e.message}
              </li>
            ))}
          </ul>
        </details>
      ))}
    </section>
  );
}
