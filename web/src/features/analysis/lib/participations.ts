/**
 * The analysis detail's participations as rows of one table, newest first: who (the participant's
 * number, stable per analysis and never reused), their state, when the recording arrived, how long
 * it is, how many notes it has and its thumbnail, all from the analysis' entry list.
 */
import type { AnalysisDto } from '@/lib/api-types/AnalysisDto';
import type { EntryStatus } from '@/lib/api-types/EntryStatus';

type ListedEntry = NonNullable<AnalysisDto['AnalysisEntries']>[number];

export interface ParticipationRow {
  id: string;
  number: number;
  status: EntryStatus;
  uploadedAt: number | null;
  durationMs: number | null;
  noteCount: number;
  thumbnailUrl: string | null;
  /** The panel's participant id (ADR 0017), if the invite link carried one. */
  pid: string | null;
  /** While in progress: the task the participant is on (1-based), when they reached one. */
  currentTask: number | null;
  /** While in progress: the names of the team members watching it live now (ADR 0019). */
  watching: string[];
}

/** One row per participation, newest (highest number) first. */
export function participationRows(entries: readonly ListedEntry[]): ParticipationRow[] {
  return entries
    .map((entry) => ({
      id: entry.id,
      number: Number(entry.participantNumber),
      status: entry.status,
      uploadedAt: entry.updated_at,
      durationMs: entry.durationMs === null ? null : Number(entry.durationMs),
      noteCount: Number(entry.noteCount),
      pid: entry.pid ?? null,
      thumbnailUrl: entry.thumbnailUrl,
      currentTask: entry.currentTask ?? null,
      watching: (entry.watching ?? []).map((author) => author.name),
    }))
    .sort((a, b) => b.number - a.number);
}

/** Whether anyone is recording now: the page then refreshes the list while it is visible (ADR 0016). */
export const anyoneLive = (entries: readonly ListedEntry[] | undefined) =>
  Boolean(entries?.some((e) => e.status === 'in_progress'));
