/** App-wide constants: API location and time-out (product §9), languages and their storage key. */

/** Same origin as the app: the worker serves both the assets and the API. */
export const API_BASE_PATH = '/api/v1';

/** Every API call gives up after this long (product §9). */
export const API_TIMEOUT_MS = 5000;

export const LANGUAGES = ['es', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Spanish is the product's language; English is a translation. */
export const DEFAULT_LANGUAGE: Language = 'es';

/** localStorage key remembering the visitor's language choice. */
export const LANGUAGE_STORAGE_KEY = 'lupa.lang';
