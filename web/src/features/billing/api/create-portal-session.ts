/** POST /api/v1/billing/customer-portal: where the user sees invoices and manages the subscription. */
import { useMutation } from '@tanstack/react-query';
import { post } from '@/lib/api-client';
import type { PortalResponse } from '@/lib/api-types/PortalResponse';

export const createPortalSession = () => post<PortalResponse>('/billing/customer-portal');

export const useCreatePortalSession = () => useMutation({ mutationFn: createPortalSession });
