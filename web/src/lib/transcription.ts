/**
 * An analysis's transcription setting (ADR 0018): 'Transcribir grabaciones', on by default, in
 * Spanish unless English is chosen. An analysis saved before the setting existed reads as the default.
 */
export const TRANSCRIPTION_LANGUAGES = ['es', 'en'] as const;
export type TranscriptionLanguage = (typeof TRANSCRIPTION_LANGUAGES)[number];

export interface TranscriptionSetting {
  enabled: boolean;
  language: TranscriptionLanguage;
}

export const DEFAULT_TRANSCRIPTION: TranscriptionSetting = { enabled: true, language: 'es' };

/** The setting an analysis answer carries, or the default when it carries none. */
export function transcriptionOf(analysis: object): TranscriptionSetting {
  const saved = (analysis as { transcription?: { enabled: boolean; language: string } | null }).transcription;
  if (!saved) return DEFAULT_TRANSCRIPTION;
  return { enabled: saved.enabled, language: saved.language === 'en' ? 'en' : 'es' };
}
