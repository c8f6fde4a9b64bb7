/**
 * The custom timeline under the video: a position slider (keyboard and screen-reader friendly) with
 * the chapters' starts above it and the notes below it, placed by time / length. The markers are a
 * pointer shortcut; keyboard users reach the same moments through the chapter and note lists.
 */
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { timelinePercent } from '@/features/entries/lib/chapters';
import { formatClock } from '@/features/entries/lib/time';
import type { ChapterDto } from '@/lib/api-types/ChapterDto';
import type { NoteDto } from '@/lib/api-types/NoteDto';

interface TimelineProps {
  currentMs: number;
  durationMs: number;
  chapters: readonly ChapterDto[];
  notes: readonly NoteDto[];
  currentChapter: number | null;
  onSeek: (ms: number) => void;
}

/** A short flag text: 'E' (scenario), 'URL', 'T1', 'T2'… */
function shortTitle(chapter: ChapterDto): string {
  if (chapter.kind === 'scenario') return chapter.title.slice(0, 1);
  if (chapter.kind === 'url') return chapter.title;
  const number = /\d+/.exec(chapter.title)?.[0];
  return number ? `T${number}` : chapter.title;
}

const at = (percent: number) => ({ left: `${percent}%` }) as CSSProperties;

export function Timeline({ currentMs, durationMs, chapters, notes, currentChapter, onSeek }: TimelineProps) {
  const { t } = useTranslation();
  const known = durationMs > 0;
  const current = formatClock(currentMs);
  const total = known ? formatClock(durationMs) : '--:--';

  return (
    <div className="entry-timeline" data-testid="entry-timeline">
      <div className="entry-timeline__markers entry-timeline__markers--chapters" aria-hidden="true">
        {known
          ? chapters
              .filter((chapter) => chapter.startMs !== null)
              .map((chapter) => (
                <button
                  key={chapter.index}
                  type="button"
                  tabIndex={-1}
                  className="entry-timeline__chapter"
                  data-current={chapter.index === currentChapter || undefined}
                  data-testid="timeline-chapter"
                  style={at(timelinePercent(chapter.startMs ?? 0, durationMs))}
                  title={t('entry.chapterMarker', { title: chapter.title, time: formatClock(chapter.startMs ?? 0) })}
                  onClick={() => onSeek(chapter.startMs ?? 0)}
                >
                  {shortTitle(chapter)}
                </button>
              ))
          : null}
      </div>
      <input
        type="range"
        className="entry-timeline__range"
        min={0}
        max={known ? durationMs / 1000 : 0}
        step={0.1}
        value={Math.min(currentMs, durationMs) / 1000}
        disabled={!known}
        aria-label={t('entry.position')}
        aria-valuetext={t('entry.positionValue', { current, total })}
        onChange={(event) => onSeek(Number(event.currentTarget.value) * 1000)}
      />
      <div className="entry-timeline__markers entry-timeline__markers--notes" aria-hidden="true">
        {known
          ? notes.map((note) => (
              <button
                key={note.id}
                type="button"
                tabIndex={-1}
                className="entry-timeline__note"
                data-testid="timeline-note"
                style={at(timelinePercent(note.atMs, durationMs))}
                title={t('entry.noteMarker', { time: formatClock(note.atMs), text: note.text })}
                onClick={() => onSeek(note.atMs)}
              />
            ))
          : null}
      </div>
      <p className="entry-timeline__times" aria-hidden="true">
        <span>{current}</span>
        <span>{total}</span>
      </p>
    </div>
  );
}
