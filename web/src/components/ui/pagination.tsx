/**
 * Previous / 'Página X de Y' / Next under a paged table (the admin area's lists, the team's
 * activity log); the page line is announced when it changes.
 */
import { useTranslation } from 'react-i18next';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import '@/components/ui/pagination.css';

interface PaginationProps {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  /** Accessible name of the navigation landmark. */
  label: string;
}

export function Pagination({ page, pages, onPage, label }: PaginationProps) {
  const { t } = useTranslation();
  return (
    <nav className="pagination" aria-label={label}>
      <button
        type="button"
        className="button button--ghost button--sm"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        <ChevronLeft aria-hidden="true" size={16} />
        {t('shell.pagination.previous')}
      </button>
      <p className="pagination__status" aria-live="polite" data-testid="pagination-status">
        {t('shell.pagination.page', { page, pages })}
      </p>
      <button
        type="button"
        className="button button--ghost button--sm"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {t('shell.pagination.next')}
        <ChevronRight aria-hidden="true" size={16} />
      </button>
    </nav>
  );
}
