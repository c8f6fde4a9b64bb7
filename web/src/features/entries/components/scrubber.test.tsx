/** The scrubber's chapter marks: the stepper's names, in time order, each with the room before the next. */
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import '@/lib/i18n';
import { chapterMarks, Scrubber } from '@/features/entries/components/scrubber';
import type { ChapterDto } from '@/lib/api-types/ChapterDto';

const chapter = (index: number, title: string, startMs: number | null): ChapterDto => ({
  index,
  kind: index === 0 ? 'scenario' : index === 1 ? 'url' : 'task',
  title,
  startMs,
  spentMs: 0,
});

const chapters = [
  chapter(0, 'Escenario', 0),
  chapter(1, 'URL', 2_000),
  chapter(2, 'Task 1', 6_000),
  chapter(3, 'Task 2', null),
  chapter(4, 'Task 3', 15_000),
];

describe('chapterMarks', () => {
  it('places reached chapters by time with the room up to the next one', () => {
    expect(chapterMarks(chapters, 20_000).map(({ chapter: c, left, room }) => [c.title, left, room])).toEqual([
      ['Escenario', 0, 10],
      ['URL', 10, 20],
      ['Task 1', 30, 45],
      ['Task 3', 75, 25],
    ]);
  });

  it('gives a narrow player two lanes: each label reaches to the mark after next', () => {
    expect(chapterMarks(chapters, 20_000).map(({ chapter: c, staggered, lane }) => [c.title, staggered, lane])).toEqual(
      [
        ['Escenario', 30, 0],
        ['URL', 65, 1],
        ['Task 1', 70, 0],
        ['Task 3', 25, 1],
      ],
    );
  });
});

describe('Scrubber', () => {
  it('names each mark in full, seeks from a mark, and moves 5 s with the arrow keys', () => {
    const onSeek = vi.fn();
    render(
      <Scrubber
        currentMs={6_000}
        durationMs={20_000}
        chapters={chapters}
        notes={[]}
        currentChapter={2}
        onSeek={onSeek}
      />,
    );
    const marks = screen.getAllByTestId('timeline-chapter');
    expect(marks.map((mark) => mark.textContent)).toEqual(['Escenario', 'URL', 'Task 1', 'Task 3']);
    expect(marks[2]?.hasAttribute('data-current')).toBe(true);
    fireEvent.click(marks[1]!);
    expect(onSeek).toHaveBeenLastCalledWith(2_000);
    const slider = screen.getByRole('slider', { name: 'Posición de la reproducción' });
    expect(slider.getAttribute('aria-valuetext')).toBe('00:06 de 00:20');
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    expect(onSeek).toHaveBeenLastCalledWith(11_000);
    fireEvent.keyDown(slider, { key: 'ArrowLeft' });
    expect(onSeek).toHaveBeenLastCalledWith(1_000);
  });

  it('shows the whole chapter name in a tooltip on hover', () => {
    render(
      <Scrubber
        currentMs={0}
        durationMs={20_000}
        chapters={chapters}
        notes={[]}
        currentChapter={0}
        onSeek={() => {}}
      />,
    );
    const first = screen.getAllByTestId('timeline-chapter')[0]!;
    fireEvent.mouseEnter(first.parentElement!);
    // The marks sit in an aria-hidden strip (the slider and chapter list speak for them).
    const shown = screen.getAllByRole('tooltip', { hidden: true }).filter((tip) => !tip.hidden);
    expect(shown.map((tip) => tip.textContent)).toEqual(['Escenario · 00:00']);
  });
});
