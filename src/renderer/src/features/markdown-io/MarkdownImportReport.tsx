// How the last Markdown import ended: what was made, what was renamed (SPEC §5) and what was left
// out, and what became a page with a remark (encoding, empty, letter case), each with the file it
// came from, so nothing disappears or changes without the admin being told.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MarkdownImportStatus } from '../../../../shared/markdown-io-types';
import { Alert } from '../../components/Field';

export function MarkdownImportReportView({ last }: { last: NonNullable<MarkdownImportStatus['last']> }) {
  const { t } = useTranslation();
  if (!last.ok) return <Alert kind="error">{last.message}</Alert>;
  const { report } = last;
  return (
    <div className="markdown-import-report" data-testid="markdown-import-report">
      <Alert kind="success">
        {t('markdown_io.done', {
          pages: report.pagesCreated,
          attachments: report.attachmentsCreated,
          path: report.parentPath,
        })}
      </Alert>
      <p>
        <Link to={report.parentPath}>{t('markdown_io.open_imported', { path: report.parentPath })}</Link>
      </p>
      {report.backupFile && (
        <p className="muted">{t('markdown_io.backup_taken', { file: report.backupFile })}</p>
      )}
      {report.unresolvedLinks > 0 && (
        <p className="muted">{t('markdown_io.unresolved_links', { count: report.unresolvedLinks })}</p>
      )}
      {report.renamed.length > 0 && (
        <details open>
          <summary>{t('markdown_io.renamed', { count: report.renamed.length })}</summary>
          <ul>
            {report.renamed.map((r) => (
              <li key={r.file}>
                <code>{r.file}</code> → <Link to={r.path}>{r.path}</Link>
              </li>
            ))}
          </ul>
        </details>
      )}
      {report.flagged.length > 0 && (
        <details open>
          <summary>{t('markdown_io.flagged', { count: report.flagged.length })}</summary>
          <ul>
            {report.flagged.map((f) => (
              <li key={`${f.file}:${f.reason}`}>
                <code>{f.file}</code> → <Link to={f.path}>{f.path}</Link> —{' '}
                {t(`markdown_io.flag_${f.reason}`, { other: f.other ?? '' })}
              </li>
            ))}
          </ul>
        </details>
      )}
      {report.skipped.length > 0 && (
        <details open>
          <summary>{t('markdown_io.skipped', { count: report.skipped.length })}</summary>
          <ul>
            {report.skipped.map((s) => (
              <li key={s.file}>
                <code>{s.file}</code> — {t(`markdown_io.skip_${s.reason}`, { path: s.path ?? '' })}
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
