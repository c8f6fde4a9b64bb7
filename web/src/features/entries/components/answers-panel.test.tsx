/**
 * The participant's answers beside the player (ADR 0012): one table in time order (issue 45), each
 * row the question, the answer and a button seeking to its moment, the one just passed marked.
 */
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AnswersPanel } from '@/features/entries/components/answers-panel';

const answers = {
  tasks: [
    { taskNumber: 1, seq: 6, success: 'yes', atMs: 12_000 },
    { taskNumber: 2, seq: 3, success: 'unsure', atMs: 65_000 },
  ],
  sus: { answers: [4, 2, 5, 1, 4, 2, 4, 1, 5, 2], score: 85, atMs: 90_000 },
};

describe('answers panel', () => {
  it('lists each answer as a row of question, answer and moment, seeks to its moment, and marks the one just answered', () => {
    const onSeek = vi.fn();
    render(<AnswersPanel answers={answers} currentMs={14_000} onSeek={onSeek} />);
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Pregunta', 'Respuesta', 'Momento']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => [...row.children].map((cell) => cell.textContent))).toEqual([
      ['Tarea 1', 'Facilidad 6 de 7. ¿Completada? Sí.', 'Ir a 00:12'],
      ['Tarea 2', 'Facilidad 3 de 7. ¿Completada? No estoy seguro.', 'Ir a 01:05'],
      ['Cuestionario SUS', '85 de 100.', 'Ir a 01:30'],
    ]);
    expect(rows[0]?.hasAttribute('data-current')).toBe(true);
    expect(rows[1]?.hasAttribute('data-current')).toBe(false);
    const second = screen.getByRole('button', { name: 'Ir a 01:05' });
    expect(second.getAttribute('aria-describedby')).toBe('entry-answer-2');
    expect(document.getElementById('entry-answer-2')?.textContent).toBe('Tarea 2');
    fireEvent.click(second);
    expect(onSeek).toHaveBeenCalledWith(65_000);
  });

  it("puts the study's questions among the tasks in time order, each under its wording, seeking to its moment", () => {
    const onSeek = vi.fn();
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
        questionNumber: 2,
        question: '¿Qué te costó más?',
        type: 'text',
        answer: 'El pago',
        choices: [],
        atMs: 95_000,
      },
    ];
    render(
      <AnswersPanel
        answers={{ tasks: [{ taskNumber: 1, seq: 6, success: 'yes', atMs: 12_000 }], sus: null, questions }}
        currentMs={96_000}
        onSeek={onSeek}
      />,
    );
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((row) => [...row.children].map((cell) => cell.textContent))).toEqual([
      ['¿Compras en línea?', 'A menudo', 'Ir a 00:05'],
      ['Tarea 1', 'Facilidad 6 de 7. ¿Completada? Sí.', 'Ir a 00:12'],
      ['¿Qué te costó más?', 'El pago', 'Ir a 01:35'],
    ]);
    const items = screen.getAllByTestId('entry-question-answer');
    expect(items).toHaveLength(2);
    expect(items[1]?.hasAttribute('data-current')).toBe(true);
    const seek = screen.getByRole('button', { name: 'Ir a 01:35' });
    expect(seek.getAttribute('aria-describedby')).toBe('entry-answer-post-2');
    fireEvent.click(seek);
    expect(onSeek).toHaveBeenCalledWith(95_000);
  });

  it('shows nothing for an entry without answers', () => {
    const { container } = render(
      <AnswersPanel answers={{ tasks: [], sus: null }} currentMs={0} onSeek={() => undefined} />,
    );
    expect(container.textContent).toBe('');
  });
});
