/**
 * What the billing screens say when a call fails (product §8): a 400 from checkout is the
 * "already subscribed" text; otherwise the server's own message, or a generic line when the
 * failure came from the client side (network, time-out, an unreadable answer).
 */
import type { TFunction } from 'i18next';
import { isApiError } from '@/lib/api-client';

const CLIENT_CODES = new Set(['network', 'timeout', 'aborted', 'invalid_response', 'http_error']);

export function billingErrorMessage(error: unknown, t: TFunction): string {
  if (isApiError(error) && !CLIENT_CODES.has(error.code) && error.message) return error.message;
  return t('billing.errors.generic');
}

export function checkoutErrorMessage(error: unknown, t: TFunction): string {
  if (isApiError(error) && error.status === 400) return t('billing.errors.alreadySubscribed');
  return billingErrorMessage(error, t);
}
