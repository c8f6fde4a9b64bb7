/**
 * The admin users table's search and page, kept in the URL (?q=&page=) so reloads and the back
 * button keep them. The box follows the URL when it changes from outside (back button); typing
 * updates the URL after a pause, and Enter at once.
 */
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDebouncedCallback } from '@/features/admin/lib/use-debounced-callback';

const SEARCH_DELAY_MS = 300;

export function useUserSearch() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);

  const [search, setSearch] = useState(q);
  const [shownQ, setShownQ] = useState(q);
  if (q !== shownQ) {
    setShownQ(q);
    if (search.trim() !== q) setSearch(q);
  }

  const applySearch = (value: string) => {
    const query = value.trim();
    if (query === q) return;
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (query) next.set('q', query);
        else next.delete('q');
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  };
  const debouncedSearch = useDebouncedCallback(applySearch, SEARCH_DELAY_MS);

  const goToPage = (target: number) => {
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      if (target > 1) next.set('page', String(target));
      else next.delete('page');
      return next;
    });
  };

  return {
    q,
    page,
    /** What the search box shows. */
    search,
    type: (value: string) => {
      setSearch(value);
      debouncedSearch.schedule(value);
    },
    submit: () => debouncedSearch.flush(search),
    goToPage,
  };
}
