// Markdown out from the page: this page as a .md file, or the page with everything below it as a
// zip. Signed-in users get the zip through an export job with progress (also the desktop menu's,
// named in `?markdownExport=`); guests get it streamed.
// Only pages the reader may read are in it.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Page } from '../../../../shared/api-types';
import { useSession } from '../../stores/session';
import { markdownExportUrl } from './api';
import { useMarkdownExportJob } from './useMarkdownExportJob';

function SubtreeExportButton({ page }: { page: Page }) {
  const { t } = useTranslation();
  const { job, error, start, watch, running } = useMarkdownExportJob();
  // The desktop menu's export of this page: shown here while the desktop saves the file.
  const watched = useSearchParams()[0].get('markdownExport');
  useEffect(() => {
    if (watched && /^[0-9a-f]{24}$/.test(watched)) watch(watched);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per job id
  }, [watched]);
  return (
    <>
      <button
        type="button"
        className="btn btn-secondary btn-sm"
        disabled={running}
        onClick={() => start(page._id)}
      >
        {t('markdown_io.export_subtree')}
      </button>
      <ExportJobStatus export={{ job, error, running }} />
    </>
  );
}

/** A subtree export's progress while it runs, and why it failed (the page menu's too). */
export function ExportJobStatus({
  export: { job, error, running },
}: {
  export: Pick<ReturnType<typeof useMarkdownExportJob>, 'job' | 'error' | 'running'>;
}) {
  const { t } = useTranslation();
  return (
    <>
      {running && job && (
        <progress
          className="export-job-progress"
          max={Math.max(job.total, 1)}
          value={job.current}
          aria-label={t('markdown_io.exporting')}
        />
      )}
      {error && (
        <span className="field-error" role="alert">
          {error}
        </span>
      )}
    </>
  );
}

export function ExportLinks({ page }: { page: Page }) {
  const { t } = useTranslation();
  const signedIn = useSession((s) => s.user) !== null;
  return (
    <>
      <a className="btn btn-secondary btn-sm" href={markdownExportUrl(page._id, 'md')} download>
        {t('markdown_io.export_page')}
      </a>
      {page.descendantCount > 0 &&
        (signedIn ? (
          <SubtreeExportButton page={page} />
        ) : (
          <a className="btn btn-secondary btn-sm" href={markdownExportUrl(page._id, 'zip')} download>
            {t('markdown_io.export_subtree')}
          </a>
        ))}
    </>
  );
}
