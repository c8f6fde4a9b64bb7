/**
 * What the billing screens say when a call fails (product §8): `already_subscribed` from checkout (and
 * `checkout_already_subscribed` from the local payment page) is its own text; otherwise the server's own message, or a generic line when the
 * failure came from the client side (network, time-out, an unreadable answer).
 */
import type { TFunction } from 'i18next';
import { errorCode } from '@/lib/api-client';
import { serverMessage } from '@/components/form';

export function billingErrorMessage(error: unknown, t: TFunction): string {
  return serverMessage(error) ?? t('billing.errors.generic');
}

export function checkoutErrorMessage(error: unknown, t: TFunction): string {
  const code = errorCode(error);
  if (code === 'already_subscribed' || code === 'checkout_already_subscribed')
    return t('billing.errors.alreadySubscribed');
  return billingErrorMessage(error, t);
}
