// Runs a search when its parameters change (after a short pause while typing) and reports the
// SPEC §2 states: idle (nothing sent for an empty query), loading, results, empty, error.
import { useEffect, useState } from 'react';
import type { SearchResponse } from '../../../../shared/search-types';
import { ApiError } from '../../api/client';
import { searchPages, type SearchParams } from './api';

export type SearchState =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'results'; response: SearchResponse }
  | { kind: 'empty' }
  | { kind: 'error'; serviceDown: boolean };

type Settled = { key: string; state: SearchState };

export function useSearch(params: SearchParams, delayMs = 0): SearchState {
  const [settled, setSettled] = useState<Settled | null>(null);
  const key = JSON.stringify(params);
  const blank = params.q.trim() === '';

  useEffect(() => {
    if (blank) return;
    let cancelled = false;
    const timer = setTimeout(() => {
      searchPages(params).then(
        (response) =>
          !cancelled &&
          setSettled({
            key,
            state: response.meta.total > 0 ? { kind: 'results', response } : { kind: 'empty' },
          }),
        (err: unknown) =>
          !cancelled &&
          setSettled({
            key,
            state: {
              kind: 'error',
              serviceDown: err instanceof ApiError && err.code === 'search_service_error',
            },
          }),
      );
    }, delayMs);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
    // `key` stands for `params` (a new object on every render).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, blank, delayMs]);

  if (blank) return { kind: 'idle' };
  return settled?.key === key ? settled.state : { kind: 'loading' };
}
