/**
 * A panel question's answers as a chart (issue 45): a bar per option with its count and its share
 * of the people who answered (a multiple choice says its shares pass 100 %), and a scale's
 * distribution with the server's mean and interval, written and drawn.
 */
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AnswerChart } from '@/features/analysis/components/answer-chart';
import type { QuestionSummaryDto } from '@/lib/api-types/QuestionSummaryDto';

const plain = (text: string | null | undefined) => (text ?? '').replace(/\u00a0/g, ' ');
const values = () => screen.getAllByTestId('answer-bar-value').map((value) => plain(value.textContent));
const widths = () =>
  screen
    .getAllByTestId('answer-bar')
    .map((row) => (row.querySelector('.answer-chart__bar') as HTMLElement).style.width);

describe('answer chart', () => {
  it('gives each option its count and its share of the respondents', () => {
    const question: QuestionSummaryDto = {
      phase: 'pre',
      question: '¿Qué usas?',
      type: 'multiple',
      counts: [
        { option: 'Móvil', count: 3 },
        { option: 'Ordenador', count: 2 },
        { option: 'Tableta', count: 0 },
      ],
      texts: [],
      respondents: 4,
    };
    render(<AnswerChart question={question} />);
    expect(
      screen.getAllByTestId('answer-bar').map((row) => row.querySelector('.answer-chart__label')?.textContent),
    ).toEqual(['Móvil', 'Ordenador', 'Tableta']);
    expect(values()).toEqual(['3 · 75 %', '2 · 50 %', '0 · 0 %']);
    expect(widths()).toEqual(['75%', '50%', '0%']);
    expect(screen.getByText(/los porcentajes suman más del 100/)).toBeTruthy();
    expect(screen.queryByTestId('answer-mean')).toBeNull();
  });

  it('draws a scale as its distribution with the mean and its interval', () => {
    const question: QuestionSummaryDto = {
      phase: 'post',
      question: '¿Lo recomendarías?',
      type: 'scale',
      counts: [1, 2, 3, 4, 5].map((value) => ({ option: String(value), count: value === 4 ? 2 : value === 5 ? 1 : 0 })),
      texts: [],
      respondents: 3,
      mean: { n: 3, mean: 4.333, low: 2.9, high: 5 },
    };
    render(<AnswerChart question={question} />);
    expect(values()).toEqual(['0 · 0 %', '0 · 0 %', '0 · 0 %', '2 · 67 %', '1 · 33 %']);
    expect(plain(screen.getByTestId('answer-mean').textContent)).toBe('Media 4,3 · IC 95 %: 2,9 – 5,0');
    const chart = screen.getByTestId('answer-mean-chart');
    expect(within(chart).getByRole('img', { name: 'Media e intervalo de confianza' })).toBeTruthy();
    expect(plain(screen.getByTestId('answer-mean-chart-text').textContent)).toBe(
      'Media 4,3 (IC 95 %: 2,9 – 5,0), n = 3.',
    );
    expect(chart.querySelectorAll('.summary-chart__whisker line')).toHaveLength(3);
  });
});
