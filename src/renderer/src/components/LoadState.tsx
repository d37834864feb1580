// What a list shows before its rows: the server's error, a busy mark while loading, or the
// screen's "none yet" line; the rows themselves only once there are some.
import type { ReactNode } from 'react';
import { Alert } from './Field';

interface Props<T> {
  items: T[] | null;
  error?: string | null;
  empty: ReactNode;
  children: (items: T[]) => ReactNode;
}

export function LoadState<T>({ items, error, empty, children }: Props<T>) {
  return (
    <>
      {error && <Alert kind="error">{error}</Alert>}
      {items === null ? (
        !error && <div className="loading" aria-busy="true" />
      ) : items.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        children(items)
      )}
    </>
  );
}
