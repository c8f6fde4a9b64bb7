/**
 * The insights summary (issue 20): the server's figures with their n, intervals only where the
 * server sent them (none below 3 answers), the SUS grade, charts named and described in words,
 * and the per-task CSV link.
 */
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { hasInsights, SummaryInsights } from '@/features/analysis/components/summary-insights';
import type { AnalysisSummaryResponse } from '@/lib/api-types/AnalysisSummaryResponse';

/** Intl writes '80 %' with a no-break space; compare with plain spaces. */
const plain = (text: string | null | undefined) => (text ?? '').replace(/\u00a0/g, ' ');

const time = (n: number, medianMs: number | null, geometricMeanMs: number | null, lowMs: number | null = null, highMs: number | null = null) => ({
  n,
  medianMs,
  geometricMeanMs,
  lowMs,
  highMs,
});

const summary = (): AnalysisSummaryResponse => ({
  settings: { taskQuestions: true, sus: true },
  tasks: [
    {
      taskNumber: 1,
      taskContent: 'Busca un producto',
      medianMs: 60_000,
      minMs: 40_000,
      maxMs: 90_000,
      entries: 5,
      success: { n: 5, successes: 4, yes: 4, no: 1, unsure: 0, rate: 0.8, low: 0.3551, high: 0.9795 },
      seq: { n: 5, mean: 5.4, low: 4.2, high: 6.6 },
      timeSuccessful: time(4, 55_000, 54_000, 30_000, 90_000),
      timeAll: time(5, 60_000, 58_000, 40_000, 85_000),
    },
    {
      taskNumber: 2,
      taskContent: 'Compra',
      medianMs: 30_000,
      minMs: 20_000,
      maxMs: 40_000,
      entries: 2,
      success: { n: 2, successes: 1, yes: 1, no: 0, unsure: 1, rate: 0.5, low: null, high: null },
      seq: { n: 2, mean: 3.5, low: null, high: null },
      timeSuccessful: time(1, 20_000, 20_000),
      timeAll: time(2, 30_000, 28_284),
    },
  ],
  sus: { n: 5, mean: 72.5, low: 60.1, high: 84.9, grade: 'C+', gradingScale: 'sauro-lewis-cgs' },
  entries: [],
});

describe('insights summary', () => {
  it('shows each figure with its n, and intervals only where the server sent one', () => {
    render(<SummaryInsights analysisId="an 1" summary={summary()} />);
    const rows = within(screen.getByTestId('insights-tasks')).getAllByRole('row');
    const first = plain(rows[1]?.textContent);
    expect(first).toContain('80 %');
    expect(first).toContain('IC 95 %: 36 % – 98 %');
    expect(first).toContain('5,4');
    expect(first).toContain('IC 95 %: 4,2 – 6,6');
    expect(first).toContain('Mediana 00:55');
    expect(first).toContain('Media geométrica 00:54');
    expect(first).toContain('IC 95 %: 00:30 – 01:30');
    expect(first).toContain('n = 4');
    const second = plain(rows[2]?.textContent);
    expect(second).toContain('50 %');
    expect(second).toContain('n = 2');
    expect(second).toContain('n = 1');
    expect(second).not.toContain('IC 95 %');

    const sus = screen.getByTestId('insights-sus');
    expect(sus.textContent).toContain('72,5');
    expect(sus.textContent).toContain('IC 95 %: 60,1 – 84,9');
    expect(sus.textContent).toContain('n = 5');
    expect(screen.getByTestId('sus-grade').textContent).toBe('C+');
    expect(sus.textContent).toContain('Escala curvada de Sauro y Lewis');

    expect(screen.getByRole('link', { name: 'Exportar resumen por tarea (CSV)' }).getAttribute('href')).toBe('/api/v1/analysis/an%201/export/tasks');
  });

  it('names each chart and describes every bar in words', () => {
    render(<SummaryInsights analysisId="an-1" summary={summary()} />);
    const chart = screen.getByRole('img', { name: 'Tasa de éxito por tarea' });
    const description = document.getElementById(chart.getAttribute('aria-describedby') ?? '');
    expect(plain(description?.textContent)).toBe('Tarea 1: 80 % (IC 95 %: 36 % – 98 %), n = 5. Tarea 2: 50 %, n = 2.');
    const seq = screen.getByRole('img', { name: 'Facilidad media (SEQ) por tarea' });
    expect(plain(document.getElementById(seq.getAttribute('aria-describedby') ?? '')?.textContent)).toBe(
      'Tarea 1: 5,4 (IC 95 %: 4,2 – 6,6), n = 5. Tarea 2: 3,5, n = 2.',
    );
    // A bar per task, and a whisker only where there is an interval.
    expect(chart.querySelectorAll('.summary-chart__bar')).toHaveLength(2);
    expect(chart.querySelectorAll('.summary-chart__whisker')).toHaveLength(1);
  });

  it('says when nobody answered the SUS, and is hidden for an analysis that asks nothing', () => {
    const data = { ...summary(), sus: { n: 0, mean: null, low: null, high: null, grade: null, gradingScale: 'sauro-lewis-cgs' } };
    render(<SummaryInsights analysisId="an-1" summary={data} />);
    expect(screen.getByTestId('insights-sus').textContent).toContain('Aún no hay respuestas al cuestionario SUS.');

    const none = { ...data, settings: { taskQuestions: false, sus: false }, tasks: data.tasks.map((task) => ({ ...task, success: { ...task.success, n: 0 }, seq: { ...task.seq, n: 0 } })) };
    expect(hasInsights(none)).toBe(false);
    expect(hasInsights(data)).toBe(true);
  });
});
