/** POST /api/v1/billing/customer-portal: where the user sees invoices and manages the subscription. */
import { useMutation } from '@tanstack/react-query';
import { post } from '@/lib/api-client';
import type { PortalResponse } from '@/lib/api-types/PortalResponse';
import { apiPaths } from '@/lib/api-paths';

export const createPortalSession = () => post<PortalResponse>(apiPaths.billingPortal());

export const useCreatePortalSession = () => useMutation({ mutationFn: createPortalSession });
