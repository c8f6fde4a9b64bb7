/**
 * What the billing screens say when a call fails (product §8): `already_subscribed` from checkout is
 * its own text; otherwise the server's own message, or a generic line when the
 * failure came from the client side (network, time-out, an unreadable answer).
 */
import type { TFunction } from 'i18next';
import { errorCode } from '@/lib/api-client';
import { serverMessage } from '@/components/form';

export function billingErrorMessage(error: unknown, t: TFunction): string {
  return serverMessage(error) ?? t('billing.errors.generic');
}

export function checkoutErrorMessage(error: unknown, t: TFunction): string {
  if (errorCode(error) === 'already_subscribed') return t('billing.errors.alreadySubscribed');
  return billingErrorMessage(error, t);
}
