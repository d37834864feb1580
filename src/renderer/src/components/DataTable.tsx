// The table every list screen draws: a header row of column names, then the caller's rows.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  className?: string;
  testId?: string;
  /** Column names as translation keys under `ns` (a key with a dot stands alone); '' leaves a column unnamed. */
  ns?: string;
  columns?: string[];
  /** Column names as drawn, for columns that are not plain translations. */
  headers?: ReactNode[];
  children: ReactNode;
}

export function DataTable({ className = 'data-table', testId, ns, columns, headers, children }: Props) {
  const { t } = useTranslation();
  const names =
    headers ?? (columns ?? []).map((key) => key && t(key.includes('.') || !ns ? key : `${ns}.${key}`));
  return (
    <table className={className} data-testid={testId}>
      <thead>
        <tr>
          {names.map((name, i) => (
            <th key={i}>{name}</th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}
