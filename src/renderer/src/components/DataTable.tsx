// The table every list screen draws: a header row of column names, then the caller's rows.
import type { ReactNode } from 'react';

interface Props {
  className?: string;
  testId?: string;
  /** Column names; an empty string leaves a column (the row's buttons) unnamed. */
  headers: ReactNode[];
  children: ReactNode;
}

export function DataTable({ className = 'data-table', testId, headers, children }: Props) {
  return (
    <table className={className} data-testid={testId}>
      <thead>
        <tr>
          {headers.map((header, i) => (
            <th key={i}>{header}</th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}
