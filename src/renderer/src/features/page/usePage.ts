// Loads the page a URL names. The result is tagged with its request key, so a stale answer never
// shows for another page and no state is set synchronously inside the effect.
import { useEffect, useState } from 'react';
import type { Page } from '../../../../shared/api-types';
import { ApiError } from '../../api/client';
import { getPage } from '../../api/endpoints';
import { getPageByPath } from '../../api/page-tree';
import type { PageLocation } from './page-location';

export type PageState =
  | { status: 'loading' }
  | { status: 'found'; page: Page; redirectFrom?: string }
  | { status: 'notfound' }
  | { status: 'error'; error: unknown };

/** `reloadKey` changes force a fresh fetch (entering the editor always starts from the latest). */
export function usePage(location: PageLocation, reloadKey: string): PageState {
  const key = `${location.key}|${reloadKey}`;
  const [result, setResult] = useState<{ key: string; state: PageState } | null>(null);

  useEffect(() => {
    if (location.kind === 'invalid') return;
    let cancelled = false;
    // By path, a moved page's old path answers with the page and where it was redirected from.
    const fetch =
      'path' in location.target
        ? getPageByPath(location.target.path)
        : getPage(location.target).then((page) => ({ page, redirectFrom: undefined }));
    fetch.then(
      ({ page, redirectFrom }) =>
        !cancelled && setResult({ key, state: { status: 'found', page, redirectFrom } }),
      (error: unknown) => {
        if (cancelled) return;
        const notFound = error instanceof ApiError && error.status === 404;
        setResult({ key, state: notFound ? { status: 'notfound' } : { status: 'error', error } });
      },
    );
    return () => {
      cancelled = true;
    };
    // location.target is derived from location.key, which is part of key.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  if (location.kind === 'invalid') return { status: 'notfound' };
  return result?.key === key ? result.state : { status: 'loading' };
}
