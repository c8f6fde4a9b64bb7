/**
 * An analysis's transcription setting (ADR 0018): 'Transcribir grabaciones', on by default, in
 * Spanish unless English is chosen. An analysis saved before the setting existed reads as the default.
 */
import type { AnalysisDto } from '@/lib/api-types/AnalysisDto';
import type { TranscriptionDto } from '@/lib/api-types/TranscriptionDto';
import type { TranscriptLanguage } from '@/lib/api-types/TranscriptLanguage';

export const TRANSCRIPTION_LANGUAGES = ['es', 'en'] as const satisfies readonly TranscriptLanguage[];

export const DEFAULT_TRANSCRIPTION: TranscriptionDto = { enabled: true, language: 'es', summaries: true };

/** The setting an analysis answer carries, or the default when it carries none (an older answer in a cache). */
export const transcriptionOf = (analysis: Pick<AnalysisDto, 'transcription'>): TranscriptionDto =>
  analysis.transcription ?? DEFAULT_TRANSCRIPTION;
