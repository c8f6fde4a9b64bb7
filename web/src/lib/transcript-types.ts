/**
 * The transcript API's shapes (ADR 0018): `GET /entry/{id}/transcript` and
 * `GET /analysis/{id}/transcript-search`. Times are on the recording's timeline, the one the
 * player, notes and clips use. Shared by the entry page, the analysis page and shared recordings.
 */
export type TranscriptStatus = 'unavailable' | 'disabled' | 'pending' | 'partial' | 'complete';

export interface TranscriptWord {
  start_ms: number;
  end_ms: number;
  word: string;
}

export interface TranscriptLine {
  start_ms: number;
  end_ms: number;
  text: string;
  task_number: number | null;
  words: TranscriptWord[];
}

export interface TranscriptResponse {
  status: TranscriptStatus;
  language: string | null;
  lines: TranscriptLine[];
}

export interface TranscriptSearchResult {
  entry_id: string;
  participant: number | null;
  task_number: number | null;
  start_ms: number;
  before: string;
  match: string;
  after: string;
}

export interface TranscriptSearchResponse {
  results: TranscriptSearchResult[];
}
