/**
 * What an admin screen says when a call fails: product §8's refusal for 401/403 (no session, or not an
 * admin), otherwise the server's own message, otherwise the screen's generic text.
 */
import { errorStatus, serverMessage } from '@/components/form';

/** True when the failure means "not (or no longer) allowed here": the caller should log in again. */
export const isRefusal = (error: unknown) => [401, 403].includes(errorStatus(error));

export function errorText(error: unknown, refusal: string, fallback: string): string {
  if (isRefusal(error)) return refusal;
  return serverMessage(error) ?? fallback;
}
