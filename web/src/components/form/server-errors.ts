/** Reading what the server said about a failed form submit: its message, and its `errors: [{msg}]` list. */
import { isApiError, isClientCode } from '@/lib/api-client';
import { translatedError } from '@/lib/error-wording';
import type { ValidationItem } from '@/lib/api-types/ValidationItem';

/**
 * What the server said, in the interface's language: the locale's text for a code with a fixed
 * message (lib/error-wording.ts), else the server's own message; undefined when the failure did not
 * come with our error body.
 */
export function serverMessage(error: unknown): string | undefined {
  if (!isApiError(error) || isClientCode(error.code)) return undefined;
  const translated = translatedError(error.code);
  if (translated) return translated;
  return error.message.trim() ? error.message : undefined;
}

/** HTTP status of a failed call, 0 when no answer arrived or the error is not an API error. */
export const errorStatus = (error: unknown): number => (isApiError(error) ? error.status : 0);

const isValidationItem = (value: unknown): value is ValidationItem =>
  typeof value === 'object' && value !== null && typeof (value as ValidationItem).msg === 'string';

/**
 * The `msg` of each item of an error body's `errors`, when the API client kept them on the
 * error (as `errors`); an empty list otherwise.
 */
export function validationMessages(error: unknown): string[] {
  if (!isApiError(error)) return [];
  const items: unknown = (error as { errors?: unknown }).errors;
  if (!Array.isArray(items)) return [];
  return items
    .filter(isValidationItem)
    .map((item) => item.msg.trim())
    .filter(Boolean);
}
