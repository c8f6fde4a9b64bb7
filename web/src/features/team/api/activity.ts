/**
 * The team's activity log (GET /api/v1/team/activity, owner and admins; ADR 0019), a page at a
 * time with its filters, and the same filters as the 'Exportar CSV' link. The previous page stays
 * on screen while the next one loads, so paging doesn't flash an empty table.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { API_BASE_PATH } from '@/config/constants';
import { teamKeys } from '@/features/team/api/query-keys';
import type { ActivityResponse } from '@/lib/api-types/ActivityResponse';
import { apiPaths } from '@/lib/api-paths';
import { apiQuery } from '@/lib/query-client';

export const ACTIVITY_PAGE_SIZE = 25;

export interface ActivityFilters {
  /** An account id, or '' for everyone. */
  actor: string;
  /** An activity kind, or '' for every kind. */
  kind: string;
  page: number;
}

const query = ({ actor, kind }: Omit<ActivityFilters, 'page'>, extra: Record<string, string> = {}) => {
  const params = new URLSearchParams(extra);
  if (actor) params.set('actor', actor);
  if (kind) params.set('kind', kind);
  const text = params.toString();
  return text ? `?${text}` : '';
};

export const useActivity = (filters: ActivityFilters, enabled = true) =>
  useQuery({
    ...apiQuery<ActivityResponse>(
      teamKeys.activity(filters),
      `${apiPaths.teamActivity()}${query(filters, { page: String(filters.page), pageSize: String(ACTIVITY_PAGE_SIZE) })}`,
    ),
    placeholderData: keepPreviousData,
    enabled,
  });

/** The CSV of the log with the same filters (every page), for a download link. */
export const activityCsvHref = (filters: Omit<ActivityFilters, 'page'>) =>
  `${API_BASE_PATH}${apiPaths.teamActivityCsv()}${query(filters)}`;
