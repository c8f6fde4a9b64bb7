/**
 * The player's one scrubber: a position slider over the whole recording (every segment), with the
 * chapters as named marks above it ('Escenario', 'URL', 'Task 1'…, the participant's stepper
 * titles, each cut to the room before the next mark and whole in its tooltip) and the notes as
 * pins below it. The slider is a native range input, so it works with a keyboard and a screen
 * reader; its arrows move by 5 s like the page's own shortcut. The marks are a pointer shortcut:
 * keyboard users reach the same moments through `[` and `]`, the chapter list and the notes.
 */
import type { CSSProperties, KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Tooltip } from '@/components/ui/tooltip';
import { timelinePercent } from '@/features/entries/lib/chapters';
import { formatClock } from '@/features/entries/lib/time';
import type { ChapterDto } from '@/lib/api-types/ChapterDto';
import type { NoteDto } from '@/lib/api-types/NoteDto';

interface ScrubberProps {
  currentMs: number;
  durationMs: number;
  chapters: readonly ChapterDto[];
  notes: readonly NoteDto[];
  currentChapter: number | null;
  onSeek: (ms: number) => void;
}

/** Seconds the slider's arrow keys move, like ← and → elsewhere on the page. */
const ARROW_STEP_S = 5;

/** The reached chapters in time order, each with where it starts and how much room its label has. */
export function chapterMarks(chapters: readonly ChapterDto[], durationMs: number) {
  const reached = chapters
    .filter((chapter): chapter is ChapterDto & { startMs: number } => chapter.startMs !== null)
    .sort((a, b) => a.startMs - b.startMs);
  return reached.map((chapter, i) => {
    const left = timelinePercent(chapter.startMs, durationMs);
    const next = reached[i + 1];
    const right = next ? timelinePercent(next.startMs, durationMs) : 100;
    return { chapter, left, room: Math.max(0, right - left) };
  });
}

export function Scrubber({ currentMs, durationMs, chapters, notes, currentChapter, onSeek }: ScrubberProps) {
  const { t } = useTranslation();
  const known = durationMs > 0;
  const current = formatClock(currentMs);
  const total = known ? formatClock(durationMs) : '--:--';
  const played = timelinePercent(currentMs, durationMs);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const keys: Record<string, number> = { ArrowLeft: -1, ArrowDown: -1, ArrowRight: 1, ArrowUp: 1 };
    const direction = keys[event.key];
    if (direction === undefined || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    onSeek(currentMs + direction * ARROW_STEP_S * 1000);
  };

  return (
    <div className="player-scrubber" data-testid="entry-timeline" style={{ '--played': `${played}%` } as CSSProperties}>
      <div className="player-scrubber__chapters" aria-hidden="true">
        {known
          ? chapterMarks(chapters, durationMs).map(({ chapter, left, room }) => (
              <div key={chapter.index} className="player-scrubber__mark" style={{ left: `${left}%`, maxWidth: `${room}%` }}>
                <Tooltip content={t('entry.chapterMarker', { title: chapter.title, time: formatClock(chapter.startMs ?? 0) })} block>
                  {(trigger) => (
                    <button
                      type="button"
                      tabIndex={-1}
                      className="player-scrubber__chapter"
                      data-current={chapter.index === currentChapter || undefined}
                      data-testid="timeline-chapter"
                      onClick={() => onSeek(chapter.startMs ?? 0)}
                      {...trigger}
                    >
                      {chapter.title}
                    </button>
                  )}
                </Tooltip>
              </div>
            ))
          : null}
      </div>
      <div className="player-scrubber__track">
        <input
          type="range"
          className="player-scrubber__range"
          min={0}
          max={known ? durationMs / 1000 : 0}
          step={0.1}
          value={Math.min(currentMs, durationMs) / 1000}
          disabled={!known}
          aria-label={t('entry.position')}
          aria-valuetext={t('entry.positionValue', { current, total })}
          onKeyDown={onKeyDown}
          onChange={(event) => onSeek(Number(event.currentTarget.value) * 1000)}
        />
      </div>
      <div className="player-scrubber__notes" aria-hidden="true">
        {known
          ? notes.map((note) => (
              <div key={note.id} className="player-scrubber__pin" style={{ left: `${timelinePercent(note.atMs, durationMs)}%` }}>
                <Tooltip content={t('entry.noteMarker', { time: formatClock(note.atMs), text: note.text })}>
                  {(trigger) => (
                    <button
                      type="button"
                      tabIndex={-1}
                      className="player-scrubber__note"
                      data-testid="timeline-note"
                      onClick={() => onSeek(note.atMs)}
                      {...trigger}
                    />
                  )}
                </Tooltip>
              </div>
            ))
          : null}
      </div>
    </div>
  );
}
