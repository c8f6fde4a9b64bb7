/** GET /api/v1/admin/waitlist: every waitlist sign-up, newest first; the CSV export is a plain link. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_BASE_PATH } from '@/config/constants';
import { adminKeys } from '@/features/admin/api/query-keys';
import { get } from '@/lib/api-client';
import type { WaitlistResponse } from '@/lib/api-types/WaitlistResponse';
import { apiPaths } from '@/lib/api-paths';

/** Same origin, so the session cookie goes along with the browser's own download. */
export const WAITLIST_EXPORT_URL = `${API_BASE_PATH}${apiPaths.adminWaitlistCsv()}`;

export const fetchWaitlist = (signal?: AbortSignal) => get<WaitlistResponse>(apiPaths.adminWaitlist(), { signal });

export const waitlistQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.waitlist(),
    queryFn: ({ signal }) => fetchWaitlist(signal),
  });

export const useWaitlist = () => useQuery(waitlistQueryOptions());
