/** GET /api/v1/admin/waitlist: every waitlist sign-up, newest first; the CSV export is a plain link. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_BASE_PATH } from '@/config/constants';
import { adminKeys } from '@/features/admin/api/query-keys';
import type { WaitlistResponse } from '@/lib/api-types/WaitlistResponse';
import { apiPaths } from '@/lib/api-paths';
import { apiQuery } from '@/lib/query-client';

/** Same origin, so the session cookie goes along with the browser's own download. */
export const WAITLIST_EXPORT_URL = `${API_BASE_PATH}${apiPaths.adminWaitlistCsv()}`;

export const waitlistQueryOptions = () =>
  queryOptions(apiQuery<WaitlistResponse>(adminKeys.waitlist(), apiPaths.adminWaitlist()));

export const useWaitlist = () => useQuery(waitlistQueryOptions());
