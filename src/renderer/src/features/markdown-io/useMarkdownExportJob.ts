// A subtree's Markdown export as a job: start it, follow its progress, and hand the finished zip
// to the browser as a download. Shared by the page menu and the admin export screen. `watch`
// follows a job someone else saves (the desktop's File ▸ Export Markdown… writes the file itself).
import { useEffect, useRef, useState } from 'react';
import type { MarkdownExportJob } from '../../../../shared/markdown-io-types';
import { exportJobDownloadUrl, getExportJob, startExportJob } from './api';
import { errorMessages } from '../../stores/toasts';

const POLL_MS = 400;

function download(job: MarkdownExportJob): void {
  const link = document.createElement('a');
  link.href = exportJobDownloadUrl(job.id);
  link.download = job.fileName;
  document.body.append(link);
  link.click();
  link.remove();
}

export function useMarkdownExportJob() {
  const [job, setJob] = useState<MarkdownExportJob | null>(null);
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  const follow = (current: MarkdownExportJob, save = true) => {
    setJob(current);
    void window.quire?.setArchiveProgress(current.total > 0 ? current.current / current.total : 0);
    if (current.status === 'running') {
      timer.current = setTimeout(() => {
        getExportJob(current.id).then((next) => follow(next, save), fail);
      }, POLL_MS);
      return;
    }
    void window.quire?.setArchiveProgress(null);
    if (current.status === 'done' && save) download(current);
    else setError(current.message);
  };
  const fail = (err: unknown) => {
    void window.quire?.setArchiveProgress(null);
    setJob(null);
    setError(errorMessages(err).join('\n'));
  };

  const start = (pageId: string) => {
    setError(null);
    startExportJob(pageId).then((started) => follow(started), fail);
  };
  const watch = (jobId: string) => {
    getExportJob(jobId).then((current) => follow(current, false), fail);
  };
  return { job, error, start, watch, running: job?.status === 'running' };
}
