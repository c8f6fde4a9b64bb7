/**
 * The analysis detail's participations as rows of one table, newest first: who (the participant's
 * number, stable per analysis), their state, when the recording arrived, how long it is and how
 * many notes it has. The entry list carries what it knows; the summary fills the length and notes
 * of submitted recordings when the list does not have them.
 */
import type { AnalysisDto } from '@/lib/api-types/AnalysisDto';
import type { AnalysisSummaryResponse } from '@/lib/api-types/AnalysisSummaryResponse';

type ListedEntry = NonNullable<AnalysisDto['AnalysisEntries']>[number];

/** Fields the entry list may carry beyond id, status and date (newer servers send them). */
interface EntryExtras {
  participantNumber?: number | null;
  thumbnailUrl?: string | null;
  durationMs?: number | null;
  noteCount?: number | null;
  startedAt?: number | null;
}

export type ParticipationStatus = 'submitted' | 'interrupted' | 'in_progress';

export interface ParticipationRow {
  id: string;
  number: number;
  status: ParticipationStatus;
  uploadedAt: number | null;
  durationMs: number | null;
  noteCount: number | null;
  thumbnailUrl: string | null;
}

export function statusOf(status: string): ParticipationStatus {
  if (status === 'submitted') return 'submitted';
  if (status === 'interrupted') return 'interrupted';
  return 'in_progress';
}

const count = (value: unknown): number | null => (value === null || value === undefined || Number.isNaN(Number(value)) ? null : Number(value));

/**
 * One row per participation, newest first. Without a number from the server, participations are
 * numbered by their order in the list (which the server gives newest first).
 */
export function participationRows(entries: readonly ListedEntry[], summary?: AnalysisSummaryResponse): ParticipationRow[] {
  const summed = new Map((summary?.entries ?? []).map((row) => [row.id, row]));
  const rows = entries.map((entry, i) => {
    const extra = entry as ListedEntry & EntryExtras;
    const sum = summed.get(entry.id);
    return {
      id: entry.id,
      number: count(extra.participantNumber) ?? entries.length - i,
      status: statusOf(entry.status),
      uploadedAt: entry.updated_at ?? null,
      durationMs: count(extra.durationMs) ?? count(sum?.durationMs),
      noteCount: count(extra.noteCount) ?? count(sum?.noteCount),
      thumbnailUrl: extra.thumbnailUrl ?? null,
    };
  });
  return rows.sort((a, b) => b.number - a.number);
}
