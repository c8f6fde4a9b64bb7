/**
 * 'Notas y clips' on the analysis page (ADR 0012): every note and clip of the analysis's
 * recordings, filtered by tag, by task (the task on screen where the note starts) and by kind,
 * each with its participant, moment or range, title, text and tags and a link to the recording.
 * Clips get the actions the page passes in (add to a reel, share). The filters are native selects
 * and the list keeps its place while a new filter loads.
 */
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '@/components/alert';
import { Badge } from '@/components/ui/badge';
import { SectionHeader } from '@/components/ui/section-header';
import { paths } from '@/config/paths';
import { TagList } from '@/components/tag-list';
import { AuthorBadge } from '@/components/author-badge';
import { formatClock } from '@/lib/time';
import { NO_FILTER, useAnalysisNotes, type NotesFilter } from '@/features/insights/api/analysis-notes';
import type { AnalysisNoteDto } from '@/lib/api-types/AnalysisNoteDto';
import '@/features/insights/insights.css';

interface AnalysisNotesProps {
  analysisId: string;
  taskCount: number;
  /** Buttons for one clip (add to a reel, share). */
  clipActions?: (clip: AnalysisNoteDto) => ReactNode;
}

export const noteRange = (note: { atMs: number; endMs: number | null }) =>
  note.endMs === null ? formatClock(note.atMs) : `${formatClock(note.atMs)}–${formatClock(note.endMs)}`;

export function AnalysisNotes({ analysisId, taskCount, clipActions }: AnalysisNotesProps) {
  const { t } = useTranslation();
  const id = useId();
  const [filter, setFilter] = useState<NotesFilter>(NO_FILTER);
  const notes = useAnalysisNotes(analysisId, filter);
  const filtered = filter.tag !== null || filter.task !== null || filter.kind !== null;
  const list = notes.data?.notes ?? [];
  const tags = notes.data?.tags ?? [];
  const titleId = `${id}-title`;

  return (
    <section className="card card--snug insights-notes" aria-labelledby={titleId} data-testid="analysis-notes">
      <SectionHeader title={t('clips.list.title')} titleId={titleId} description={t('clips.list.description')} />
      <div className="insights-filters" role="group" aria-label={t('clips.list.filters')}>
        <label>
          <span>{t('clips.list.tag')}</span>
          <select
            value={filter.tag ?? ''}
            onChange={(event) => setFilter({ ...filter, tag: event.currentTarget.value || null })}
          >
            <option value="">{t('clips.list.allTags')}</option>
            {tags.map((tag) => (
              <option key={tag.tag} value={tag.tag}>
                {t('clips.list.tagOption', { tag: tag.tag, count: tag.count })}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>{t('clips.list.task')}</span>
          <select
            value={filter.task ?? ''}
            onChange={(event) =>
              setFilter({ ...filter, task: event.currentTarget.value ? Number(event.currentTarget.value) : null })
            }
          >
            <option value="">{t('clips.list.allTasks')}</option>
            {Array.from({ length: taskCount }, (_, i) => (
              <option key={i + 1} value={i + 1}>
                {t('clips.taskN', { number: i + 1 })}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>{t('clips.list.kind')}</span>
          <select
            value={filter.kind ?? ''}
            onChange={(event) =>
              setFilter({ ...filter, kind: (event.currentTarget.value || null) as NotesFilter['kind'] })
            }
          >
            <option value="">{t('clips.list.allKinds')}</option>
            <option value="clip">{t('clips.list.clips')}</option>
            <option value="note">{t('clips.list.notes')}</option>
          </select>
        </label>
      </div>
      {notes.isPending ? (
        <p className="text-note" role="status">
          {t('clips.list.loading')}
        </p>
      ) : notes.isError ? (
        <Alert tone="error" title={t('clips.list.loadError')}>
          <button type="button" className="button button--ghost" onClick={() => void notes.refetch()}>
            {t('analysis.detail.retry')}
          </button>
        </Alert>
      ) : list.length === 0 ? (
        <p className="text-note" data-testid="analysis-notes-empty">
          {filtered ? t('clips.list.emptyFiltered') : t('clips.list.empty')}
        </p>
      ) : (
        <>
          <p className="visually-hidden" role="status">
            {t('clips.list.count', { count: list.length })}
          </p>
          <ul
            className="list-plain insights-notes__list"
            aria-labelledby={titleId}
            aria-busy={notes.isFetching || undefined}
          >
            {list.map((note) => (
              <li key={note.id} className="insights-note" data-testid="analysis-note">
                <p className="insights-note__meta">
                  <span>
                    {note.participantNumber === null
                      ? t('clips.recording')
                      : t('entry.participantN', { number: note.participantNumber })}
                  </span>
                  {note.taskNumber !== null ? <span>{t('clips.taskN', { number: note.taskNumber })}</span> : null}
                  <time>{noteRange(note)}</time>
                  {note.endMs !== null ? <Badge tone="info">{t('clips.clip')}</Badge> : null}
                </p>
                {note.title ? <p className="insights-note__title">{note.title}</p> : null}
                {note.text ? <p className="insights-note__text">{note.text}</p> : null}
                <TagList tags={note.tags} />
                {note.author ? <AuthorBadge author={note.author} /> : null}
                <div className="cluster insights-note__actions">
                  <Link to={paths.entry(note.entryId)} className="button button--ghost button--sm">
                    {t('clips.list.open')}
                  </Link>
                  {note.endMs !== null && clipActions ? clipActions(note) : null}
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
