/**
 * Zod building blocks whose messages are locale keys (e.g. 'auth.login.emailRequired'): the field
 * translates them when it renders, so a language switch re-labels errors already on screen.
 */
import { z } from 'zod';
import type { TranslationKey } from '@/components/form/translation-key';

/** A non-empty string; passwords are not trimmed (spaces may be part of them). */
export const requiredText = (message: TranslationKey = 'forms.required') => z.string().min(1, message);

/** A trimmed, non-empty e-mail; `invalid` is only checked once something was typed. */
export const requiredEmail = (
  message: TranslationKey = 'forms.required',
  invalid: TranslationKey = 'forms.invalidEmail',
) => z.string().trim().min(1, message).pipe(z.email(invalid));
