/** POST /api/v1/waitlist: puts an e-mail on the beta waitlist. Any 2xx answer counts as success (spec §7). */
import { useMutation } from '@tanstack/react-query';
import { post } from '@/lib/api-client';
import type { MessageResponse } from '@/lib/api-types/MessageResponse';
import type { WaitlistRequest } from '@/lib/api-types/WaitlistRequest';

/** What the form sends; `website` is the honeypot, always empty from a human. */
export interface WaitlistSubmission extends WaitlistRequest {
  email: string;
  consent: boolean;
  website: string;
}

/** 201 `{message}`; the UI shows its own (identical, translatable) success text. */
export const joinWaitlist = (body: WaitlistSubmission) => post<MessageResponse | undefined>('/waitlist', body);

export const useJoinWaitlist = () => useMutation({ mutationKey: ['waitlist', 'join'], mutationFn: joinWaitlist });
