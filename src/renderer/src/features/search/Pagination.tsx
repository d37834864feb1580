// Result pages: a window of 5 page numbers centred on the active one (SPEC §9), with previous/next.
import { useTranslation } from 'react-i18next';

const WINDOW = 5;

export function pageWindow(active: number, count: number): number[] {
  const start = Math.max(1, Math.min(active - Math.floor(WINDOW / 2), count - WINDOW + 1));
  const end = Math.min(count, start + WINDOW - 1);
  return Array.from({ length: end - start + 1 }, (_, i) => start + i);
}

export function Pagination(props: { active: number; count: number; onChange: (page: number) => void }) {
  const { t } = useTranslation();
  const { active, count, onChange } = props;
  if (count <= 1) return null;
  return (
    <nav className="pagination" aria-label={t('search.pagination')}>
      <button
        type="button"
        className="btn btn-sm"
        disabled={active <= 1}
        onClick={() => onChange(active - 1)}
      >
        {t('search.previous')}
      </button>
      {pageWindow(active, count).map((n) => (
        <button
          key={n}
          type="button"
          className={`btn btn-sm ${n === active ? 'btn-primary' : ''}`}
          aria-current={n === active ? 'page' : undefined}
          onClick={() => onChange(n)}
        >
          {n}
        </button>
      ))}
      <button
        type="button"
        className="btn btn-sm"
        disabled={active >= count}
        onClick={() => onChange(active + 1)}
      >
        {t('search.next')}
      </button>
    </nav>
  );
}
