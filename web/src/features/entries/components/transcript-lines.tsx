/**
 * The transcript's lines in task chapters ('Tarea N'), each with a button at its time that seeks
 * there. The line under the playhead is marked (aria-current) and, while `follow` is on, kept in
 * view by scrolling this list only, never the page (smoothly unless the user prefers reduced
 * motion), except for a few seconds after the user scrolled it themselves, so reading ahead works. Search matches are <mark>s. Words carry their times, so a mouse selection of words
 * becomes a clip range, and a plain click on a word seeks to it.
 */
import { useEffect, useRef, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { chaptersOf, rangeOfWords, wordsOf, type WordMatch } from '@/features/entries/lib/transcript';
import { formatClock } from '@/lib/time';
import type { TranscriptLineDto } from '@/lib/api-types/TranscriptLineDto';

interface Props {
  lines: readonly TranscriptLineDto[];
  currentIndex: number | null;
  matches: readonly WordMatch[];
  activeMatch: number | null;
  follow: boolean;
  onSeek: (ms: number) => void;
  /** The words selected now, as a clip range (null when the selection holds no word). */
  onSelectRange: (range: { startMs: number; endMs: number } | null) => void;
}

/** How long the list leaves the user's own scrolling alone before following the video again. */
const USER_SCROLL_GRACE_MS = 4_000;

const reducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Scrolls `container` (not its ancestors) so `element` sits a third of the way down, if it is out of view. */
function keepInView(container: HTMLElement, element: HTMLElement) {
  const top = element.offsetTop;
  const visible =
    top >= container.scrollTop && top + element.offsetHeight <= container.scrollTop + container.clientHeight;
  if (visible) return;
  const target = Math.max(0, top - container.clientHeight / 3);
  if (typeof container.scrollTo === 'function')
    container.scrollTo({ top: target, behavior: reducedMotion() ? 'auto' : 'smooth' });
  else container.scrollTop = target;
}

/** The times of the word spans the document's selection touches inside `container`. */
function selectedWords(container: HTMLElement) {
  const selection = document.getSelection();
  if (!selection || selection.isCollapsed || selection.rangeCount === 0) return [];
  const ranges = Array.from({ length: selection.rangeCount }, (_, index) => selection.getRangeAt(index));
  return [...container.querySelectorAll<HTMLElement>('[data-start]')]
    .filter((span) => ranges.some((range) => range.intersectsNode(span)))
    .map((span) => ({ start_ms: Number(span.dataset.start), end_ms: Number(span.dataset.end) }));
}

export function TranscriptLines({ lines, currentIndex, matches, activeMatch, follow, onSeek, onSelectRange }: Props) {
  const { t } = useTranslation();
  const listRef = useRef<HTMLDivElement>(null);
  const userScrolledAt = useRef(0);
  const active = activeMatch === null ? null : (matches[activeMatch] ?? null);

  useEffect(() => {
    const container = listRef.current;
    const reading = Date.now() - userScrolledAt.current < USER_SCROLL_GRACE_MS;
    const index = active ? active.line : follow && !reading ? currentIndex : null;
    if (!container || index === null) return;
    const element = container.querySelector<HTMLElement>(`[data-line="${index}"]`);
    if (element) keepInView(container, element);
  }, [currentIndex, follow, active]);

  const readSelection = () => {
    if (listRef.current) onSelectRange(rangeOfWords(selectedWords(listRef.current)));
  };

  const scrolledByUser = () => {
    userScrolledAt.current = Date.now();
  };

  const clickWord = (event: MouseEvent<HTMLElement>) => {
    const span = (event.target as HTMLElement).closest<HTMLElement>('[data-start]');
    const selection = document.getSelection();
    if (span && (!selection || selection.isCollapsed)) onSeek(Number(span.dataset.start));
  };

  const markOf = (line: number, word: number) => {
    const index = matches.findIndex((match) => match.line === line && word >= match.from && word <= match.to);
    return index === -1 ? null : index === activeMatch ? 'active' : 'match';
  };

  return (
    <div
      ref={listRef}
      className="transcript__lines"
      onMouseUp={readSelection}
      onKeyUp={readSelection}
      onTouchEnd={readSelection}
      onWheel={scrolledByUser}
      onTouchMove={scrolledByUser}
      data-testid="transcript-lines"
    >
      {chaptersOf(lines).map((chapter) => (
        <section
          key={chapter.first}
          className="transcript__chapter"
          aria-labelledby={`transcript-chapter-${chapter.first}`}
        >
          <h3 id={`transcript-chapter-${chapter.first}`} className="transcript__chapter-title">
            {chapter.taskNumber === null
              ? t('transcript.outsideTasks')
              : t('transcript.task', { number: chapter.taskNumber })}
          </h3>
          <ol className="transcript__list">
            {chapter.lines.map((line, offset) => {
              const index = chapter.first + offset;
              const current = index === currentIndex;
              return (
                <li
                  key={index}
                  data-line={index}
                  className="transcript__line"
                  aria-current={current || undefined}
                  data-current={current || undefined}
                >
                  <button
                    type="button"
                    className="transcript__time"
                    onClick={() => onSeek(line.start_ms)}
                    aria-label={t('transcript.seekTo', { time: formatClock(line.start_ms) })}
                  >
                    {formatClock(line.start_ms)}
                  </button>
                  <p className="transcript__text" onClick={clickWord}>
                    {wordsOf(line).map((word, position) => {
                      const mark = markOf(index, position);
                      const span = (
                        <span data-start={word.start_ms} data-end={word.end_ms}>
                          {word.word.trim()}
                        </span>
                      );
                      return (
                        <span key={position}>
                          {position > 0 ? ' ' : null}
                          {mark ? <mark data-active={mark === 'active' || undefined}>{span}</mark> : span}
                        </span>
                      );
                    })}
                  </p>
                </li>
              );
            })}
          </ol>
        </section>
      ))}
    </div>
  );
}
