/**
 * The player's one scrubber: a position slider over the whole recording (every segment), with the
 * chapters as named marks above it ('Escenario', 'URL', 'Task 1'…, the participant's stepper
 * titles, each cut to the room before the next mark and whole in its tooltip) and the notes as
 * pins below it. The slider is a native range input, so it works with a keyboard and a screen
 * reader; its arrows move by 5 s like the page's own shortcut. The marks are a pointer shortcut:
 * keyboard users reach the same moments through `[` and `]`, the chapter list and the notes.
 * Clips show as bands under the bar, and dragging along that lane selects a range for a new clip
 * (keyboard users press N and Shift+N instead). The answers to the study's questions (ADR 0017)
 * are marks of their own under the notes (answer-marks.tsx).
 */
import { useRef, useState, type CSSProperties, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Tooltip } from '@/components/ui/tooltip';
import { AnswerMarks } from '@/features/entries/components/answer-marks';
import { useClippedLabels } from '@/features/entries/hooks/use-clipped-labels';
import { timelinePercent } from '@/lib/player/chapters';
import '@/features/entries/clips.css';
import { formatClock } from '@/lib/time';
import type { ChapterDto } from '@/lib/api-types/ChapterDto';
import type { NoteDto } from '@/lib/api-types/NoteDto';
import type { QuestionAnswerDto } from '@/lib/api-types/QuestionAnswerDto';

interface ScrubberProps {
  currentMs: number;
  durationMs: number;
  chapters: readonly ChapterDto[];
  notes: readonly NoteDto[];
  currentChapter: number | null;
  /** Answers to the questions before and after the tasks, marked at their moment. */
  answers?: readonly QuestionAnswerDto[];
  onSeek: (ms: number) => void;
  /** A range dragged on the clip lane (at least half a second). */
  onSelectRange?: (startMs: number, endMs: number) => void;
}

/** Shorter drags are taken as clicks. */
const MIN_DRAG_MS = 500;

/** Seconds the slider's arrow keys move, like ← and → elsewhere on the page. */
const ARROW_STEP_S = 5;

/**
 * The reached chapters in time order, each with where it starts and how much room its label has:
 * `room` up to the next mark (one lane), `staggered` up to the mark after that, for a narrow
 * player whose marks alternate between two lanes (issue 45: at 390 px 'Escenario' read 'Es…').
 */
export function chapterMarks(chapters: readonly ChapterDto[], durationMs: number) {
  const reached = chapters
    .filter((chapter): chapter is ChapterDto & { startMs: number } => chapter.startMs !== null)
    .sort((a, b) => a.startMs - b.startMs);
  const rightOf = (i: number) => {
    const mark = reached[i];
    return mark ? timelinePercent(mark.startMs, durationMs) : 100;
  };
  return reached.map((chapter, i) => {
    const left = timelinePercent(chapter.startMs, durationMs);
    return {
      chapter,
      left,
      room: Math.max(0, rightOf(i + 1) - left),
      staggered: Math.max(0, rightOf(i + 2) - left),
      lane: i % 2,
    };
  });
}

// Size: the scrubber's pointer, keyboard and chapter handling share its state; to split.
export function Scrubber({
  currentMs,
  durationMs,
  chapters,
  notes,
  currentChapter,
  answers = [],
  onSeek,
  onSelectRange,
}: ScrubberProps) {
  const { t } = useTranslation();
  const laneRef = useRef<HTMLDivElement>(null);
  const chaptersRef = useRef<HTMLDivElement>(null);
  useClippedLabels(chaptersRef, '.player-scrubber__chapter', `${durationMs}:${chapters.length}`);
  const dragging = useRef<{ from: number; to: number } | null>(null);
  const [selection, setSelection] = useState<{ from: number; to: number } | null>(null);
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

  const msAt = (clientX: number) => {
    const box = laneRef.current?.getBoundingClientRect();
    if (!box || box.width <= 0) return 0;
    return Math.min(1, Math.max(0, (clientX - box.left) / box.width)) * durationMs;
  };

  const drag = (next: { from: number; to: number } | null) => {
    dragging.current = next;
    setSelection(next);
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (!known || !onSelectRange || event.button !== 0 || (event.target as Element).closest('button')) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    const ms = msAt(event.clientX);
    drag({ from: ms, to: ms });
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (dragging.current) drag({ ...dragging.current, to: msAt(event.clientX) });
  };

  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const range = dragging.current;
    if (!range) return;
    drag(null);
    const to = msAt(event.clientX);
    const [start, end] = [Math.min(range.from, to), Math.max(range.from, to)];
    if (end - start >= MIN_DRAG_MS) onSelectRange?.(Math.floor(start), Math.floor(end));
  };

  const band = (start: number, end: number) => ({
    left: `${timelinePercent(start, durationMs)}%`,
    width: `${Math.max(0, timelinePercent(end, durationMs) - timelinePercent(start, durationMs))}%`,
  });

  return (
    <div className="player-scrubber" data-testid="entry-timeline" style={{ '--played': `${played}%` } as CSSProperties}>
      <div ref={chaptersRef} className="player-scrubber__chapters" aria-hidden="true">
        {known
          ? chapterMarks(chapters, durationMs).map(({ chapter, left, room, staggered, lane }) => (
              <div
                key={chapter.index}
                className="player-scrubber__mark"
                data-lane={lane}
                style={{ left: `${left}%`, '--room': `${room}%`, '--room-staggered': `${staggered}%` } as CSSProperties}
              >
                <Tooltip
                  content={t('entry.chapterMarker', { title: chapter.title, time: formatClock(chapter.startMs ?? 0) })}
                  block
                >
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
      <div
        ref={laneRef}
        className="player-scrubber__notes"
        aria-hidden="true"
        data-selectable={(known && Boolean(onSelectRange)) || undefined}
        data-testid="clip-lane"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => drag(null)}
      >
        {known
          ? notes
              .filter((note) => note.endMs !== null)
              .map((note) => (
                <div
                  key={`clip-${note.id}`}
                  className="player-scrubber__clip"
                  data-testid="timeline-clip"
                  style={band(note.atMs, note.endMs ?? note.atMs)}
                />
              ))
          : null}
        {selection ? (
          <div
            className="player-scrubber__clip player-scrubber__clip--selecting"
            style={band(Math.min(selection.from, selection.to), Math.max(selection.from, selection.to))}
          />
        ) : null}
        {known
          ? notes.map((note) => (
              <div
                key={note.id}
                className="player-scrubber__pin"
                style={{ left: `${timelinePercent(note.atMs, durationMs)}%` }}
              >
                <Tooltip
                  content={
                    note.endMs === null
                      ? t('entry.noteMarker', { time: formatClock(note.atMs), text: note.text })
                      : t('clips.marker', {
                          start: formatClock(note.atMs),
                          end: formatClock(note.endMs),
                          text: note.title ?? note.text,
                        })
                  }
                >
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
      <AnswerMarks answers={answers} durationMs={durationMs} onSeek={onSeek} />
    </div>
  );
}
