/** The answers to the study's questions as marks on the scrubber (ADR 0017): named, placed at their moment, seeking there. */
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AnswerMarks } from '@/features/entries/components/answer-marks';
import { Scrubber } from '@/features/entries/components/scrubber';

const questions = [
  {
    phase: 'pre',
    questionNumber: 1,
    question: '¿Compras en línea?',
    type: 'single',
    answer: 'A menudo',
    choices: ['A menudo'],
    atMs: 5_000,
  },
  {
    phase: 'post',
    questionNumber: 1,
    question: '¿Qué te costó más?',
    type: 'text',
    answer: 'El pago',
    choices: [],
    atMs: 45_000,
  },
];

describe('answer marks', () => {
  it("marks each answer at its moment, named 'Respuesta: <question>', and seeks there", () => {
    const onSeek = vi.fn();
    render(<AnswerMarks answers={questions} durationMs={60_000} onSeek={onSeek} />);
    const marks = screen.getAllByRole('button');
    expect(marks.map((mark) => mark.getAttribute('aria-label'))).toEqual([
      'Respuesta: ¿Compras en línea?',
      'Respuesta: ¿Qué te costó más?',
    ]);
    expect((marks[1]?.closest('.player-scrubber__pin') as HTMLElement).style.left).toBe('75%');
    // Out of the tab order like the chapter marks and note pins: the answers panel is the keyboard's way.
    expect(marks.every((mark) => mark.tabIndex === -1)).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Respuesta: ¿Qué te costó más?' }));
    expect(onSeek).toHaveBeenCalledWith(45_000);
  });

  it('shows its answer and time in the tooltip when focused', async () => {
    render(<AnswerMarks answers={questions} durationMs={60_000} onSeek={() => undefined} />);
    const mark = screen.getByRole('button', { name: 'Respuesta: ¿Qué te costó más?' });
    fireEvent.focus(mark);
    expect((await screen.findByRole('tooltip')).textContent).toBe('El pago · 00:45');
  });

  it('draws nothing before the length is known or without answers', () => {
    const { container, rerender } = render(<AnswerMarks answers={questions} durationMs={0} onSeek={() => undefined} />);
    expect(container.textContent).toBe('');
    expect(container.querySelector('button')).toBeNull();
    rerender(<AnswerMarks answers={[]} durationMs={60_000} onSeek={() => undefined} />);
    expect(container.querySelector('button')).toBeNull();
  });

  it('sits on the scrubber, outside the aria-hidden mark lanes', () => {
    render(
      <Scrubber
        currentMs={0}
        durationMs={60_000}
        chapters={[]}
        notes={[]}
        currentChapter={null}
        answers={questions}
        onSeek={() => undefined}
      />,
    );
    const lane = screen.getByTestId('timeline-answers');
    expect(lane.closest('[aria-hidden="true"]')).toBeNull();
    expect(within(screen.getByTestId('entry-timeline')).getAllByTestId('timeline-answer')).toHaveLength(2);
  });
});
