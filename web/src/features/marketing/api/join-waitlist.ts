/** POST /api/v1/waitlist: puts an e-mail on the beta waitlist. Any 2xx answer counts as success (product §7). */
import { post } from '@/lib/api-client';
import type { MessageResponse } from '@/lib/api-types/MessageResponse';
import type { WaitlistRequest } from '@/lib/api-types/WaitlistRequest';
import { apiPaths } from '@/lib/api-paths';

/** What the form sends; `website` is the honeypot, always empty from a human. */
export interface WaitlistSubmission extends WaitlistRequest {
  email: string;
  consent: boolean;
  website: string;
}

/** 201 `{message}`; the page shows its own (identical, translated) success text. */
export const joinWaitlist = (body: WaitlistSubmission) => post<MessageResponse | undefined>(apiPaths.waitlist(), body);
