/** The type of a locale key (such as 'forms.required'), so schemas cannot name a missing message. */
import type { ParseKeys } from 'i18next';

export type TranslationKey = ParseKeys;
