/**
 * What the change-password screen shows for a failed call (product §5, §8): 401 the server's message
 * (wrong current password), 400/422 its list of reasons or its message, 429 its message, else
 * product §8's 'An unexpected error occurred. Please try again.'.
 */
import { errorStatus, serverMessage, validationMessages, type TranslationKey } from '@/components/form';

export interface PasswordChangeFailure {
  /** The server's text, when product §7 says to show it. */
  text?: string;
  key?: TranslationKey;
  details?: string[];
}

const UNEXPECTED: PasswordChangeFailure = { key: 'profile.unexpectedError' };

export function passwordChangeFailure(error: unknown): PasswordChangeFailure {
  const status = errorStatus(error);
  const message = serverMessage(error);
  if (status === 400 || status === 422) {
    const details = validationMessages(error);
    if (details.length > 0) return { text: message, details };
    return message ? { text: message } : UNEXPECTED;
  }
  if ((status === 401 || status === 429) && message) return { text: message };
  return UNEXPECTED;
}
