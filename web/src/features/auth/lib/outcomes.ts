/**
 * What each auth screen shows for a failed call (product §4, §8): pure mappings from an ApiError to a
 * tone, a locale key or the server's own message, and the server's validation reasons.
 */
import type { TranslationKey } from '@/components/form';
import { errorStatus, serverMessage, validationMessages } from '@/components/form';
import { paths } from '@/config/paths';
import { errorCode } from '@/lib/api-client';

export interface Failure {
  tone: 'error' | 'warning';
  /** Shown as the title: a locale key (`key`) or, when product §8 says so, the server's text (`text`). */
  key?: TranslationKey;
  text?: string;
  /** A second line, as a locale key (the participant notice's explanation). */
  bodyKey?: TranslationKey;
  /** The server's `errors[].msg` reasons. */
  details?: string[];
}

/** Login: wrong credentials, the participant notice, 429 the server's message, else internal. */
export function loginFailure(error: unknown): Failure {
  const status = errorStatus(error);
  const code = errorCode(error);
  if (code === 'invalid_credentials') return { tone: 'error', key: 'auth.login.invalidCredentials' };
  if (code === 'participant_login') {
    return { tone: 'warning', key: 'auth.login.participantTitle', bodyKey: 'auth.login.participantBody' };
  }
  const message = serverMessage(error);
  if (status === 429 && message) return { tone: 'error', text: message };
  return { tone: 'error', key: 'auth.login.internalError' };
}

/** Register: e-mail taken, invalid (+ the server's reasons), 429 the server's message, else internal. */
export function registerFailure(error: unknown): Failure {
  const status = errorStatus(error);
  const code = errorCode(error);
  if (code === 'email_taken') return { tone: 'error', key: 'auth.register.conflict' };
  if (code === 'invalid_registration')
    return { tone: 'error', key: 'auth.register.invalid', details: validationMessages(error) };
  const message = serverMessage(error);
  if (status === 429 && message) return { tone: 'error', text: message };
  return { tone: 'error', key: 'auth.register.internalError' };
}

/** Recover password: product §2's one failure text; a 429 also says why. */
export function recoverFailure(error: unknown): Failure {
  const message = serverMessage(error);
  return errorStatus(error) === 429 && message
    ? { tone: 'error', key: 'auth.recover.error', details: [message] }
    : { tone: 'error', key: 'auth.recover.error' };
}

/** Token check: the server's message, or 'Invalid or expired password reset token'. */
export function tokenCheckFailure(error: unknown): Failure {
  const message = serverMessage(error);
  return message ? { tone: 'error', text: message } : { tone: 'error', key: 'auth.reset.checkFailed' };
}

/** Reset: the server's message (+ reasons), or 'Failed to update password'. */
export function resetFailure(error: unknown): Failure {
  const message = serverMessage(error);
  const details = validationMessages(error);
  return message
    ? { tone: 'error', text: message, details }
    : { tone: 'error', key: 'auth.reset.updateFailed', details };
}

/** True when a reset failed because the link itself is no good (expired, used or unknown). */
export const isInvalidTokenError = (error: unknown) =>
  errorCode(error) === 'invalid_reset_token' || errorCode(error) === 'unknown_reset_token';

/** Where a user lands after logging in (product §2 Login). */
export function homeFor(role: string): string {
  if (role === 'admin') return paths.admin;
  if (role === 'customer') return paths.dashboard;
  return paths.landing;
}
