/**
 * The insights summary (ADR 0012 and ADR 0015, issue 45): the number tiles for every task together
 * and the SUS against the 68 average, the server's figures with their n, intervals only where the
 * server sent them (none below 3 answers), no time on task (the time per task is its own card,
 * once), the SUS as a result card with its figure, interval, n and grade, and charts named,
 * described in words and with their values written.
 */
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FigureTiles } from '@/components/figures/figure-tiles';
import { hasInsights, SummaryInsights } from '@/features/analysis/components/summary-insights';
import type { AnalysisSummaryResponse } from '@/lib/api-types/AnalysisSummaryResponse';
import { SessionWrapper } from '@/app/test-utils';

/** Intl writes '80 %' with a no-break space; compare with plain spaces. */
// No-break spaces read as spaces; word joiners (which keep '1–7' whole) as nothing.
const plain = (text: string | null | undefined) => (text ?? '').replace(/\u00a0/g, ' ').replace(/\u2060/g, '');

const time = (
  n: number,
  medianMs: number | null,
  geometricMeanMs: number | null,
  lowMs: number | null = null,
  highMs: number | null = null,
) => ({
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
  overall: {
    success: { n: 7, successes: 5, yes: 5, no: 1, unsure: 1, rate: 5 / 7, low: 0.3528, high: 0.9204 },
    seq: { n: 7, mean: 4.857, low: 3.6, high: 6.1 },
    time: time(7, 55_000, 48_000, 33_000, 70_000),
  },
  sus: { n: 5, mean: 72.5, low: 60.1, high: 84.9, grade: 'C+', gradingScale: 'sauro-lewis-cgs' },
  entries: [],
});

describe('insights summary', () => {
  it('shows each figure with its n, and intervals only where the server sent one', () => {
    render(<SummaryInsights summary={summary()} />, { wrapper: SessionWrapper });
    const rows = within(screen.getByTestId('insights-tasks')).getAllByRole('row');
    const first = plain(rows[1]?.textContent);
    expect(first).toContain('80 %');
    expect(first).toContain('IC 95 %: 36 % – 98 %');
    expect(first).toContain('5,4');
    expect(first).toContain('IC 95 %: 4,2 – 6,6');
    // No time on task here: the time per task is a card of its own, once.
    expect(first).not.toContain('01:00');
    expect(first).not.toContain('Media geométrica');
    const second = plain(rows[2]?.textContent);
    expect(second).toContain('50 %');
    expect(second).not.toContain('00:30');
    expect(second).toContain('n = 2');
    expect(second).not.toContain('IC 95 %');

    const sus = screen.getByTestId('insights-sus');
    // A result card: its heading, the figure, the interval, n and the grade, and the mean drawn on 0–100.
    expect(within(sus).getByRole('heading', { level: 3 }).textContent).toContain('Cuestionario SUS');
    expect(screen.getByTestId('sus-figure').textContent).toBe('72,5');
    expect(within(sus).getByRole('img', { name: 'Puntuación media e intervalo de confianza' })).toBeTruthy();
    expect(sus.textContent).toContain('72,5');
    expect(sus.textContent).toContain('IC 95 %: 60,1 – 84,9');
    expect(plain(sus.textContent)).toContain('n = 5');
    expect(screen.getByTestId('sus-grade').textContent).toBe('C+');
    expect(sus.textContent).toContain('Escala curvada de Sauro y Lewis');
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('shows four tiles with n and interval, the SUS against the 68 average with its grade', () => {
    const data = summary();
    render(<FigureTiles overall={data.overall} sus={data.sus} settings={data.settings} />, { wrapper: SessionWrapper });
    const tile = (id: string) => plain(screen.getByTestId(id).textContent);
    expect(tile('tile-success')).toBe('Tasa de éxito71 %IC 95 %: 35 % – 92 %n = 7');
    expect(tile('tile-seq')).toBe('Facilidad media (SEQ, 1–7)4,9IC 95 %: 3,6 – 6,1n = 7');
    expect(tile('tile-time')).toBe(
      'Tiempo por tarea (mediana)00:55Media geométrica 00:48, IC 95 %: 00:33 – 01:10n = 7',
    );
    expect(tile('tile-sus')).toBe('SUS (0–100)72,5Nota C+ · 4,5 sobre la media de 68IC 95 %: 60,1 – 84,9n = 5');
  });

  it('puts the SUS below the average in words, and says when the analysis has no SUS', () => {
    const below = {
      ...summary(),
      sus: { n: 3, mean: 51, low: 40, high: 62, grade: 'D', gradingScale: 'sauro-lewis-cgs' },
    };
    const { unmount } = render(<FigureTiles overall={below.overall} sus={below.sus} settings={below.settings} />, {
      wrapper: SessionWrapper,
    });
    expect(plain(screen.getByTestId('tile-sus').textContent)).toContain('Nota D · 17,0 bajo la media de 68');
    unmount();
    const off = {
      ...summary(),
      settings: { taskQuestions: true, sus: false },
      sus: { n: 0, mean: null, low: null, high: null, grade: null, gradingScale: 'sauro-lewis-cgs' },
    };
    render(<FigureTiles overall={off.overall} sus={off.sus} settings={off.settings} />, { wrapper: SessionWrapper });
    expect(plain(screen.getByTestId('tile-sus').textContent)).toBe('SUS (0–100)—Este análisis no incluye el SUSn = 0');
  });

  it('names each chart and describes every bar in words', () => {
    render(<SummaryInsights summary={summary()} />, { wrapper: SessionWrapper });
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
    // Each bar's value is written beside it.
    expect(
      Array.from(chart.querySelectorAll('[data-testid="chart-value"]')).map((text) => plain(text.textContent)),
    ).toEqual(['80 %', '50 %']);
  });

  it('says when nobody answered the SUS, and is hidden for an analysis that asks nothing', () => {
    const data = {
      ...summary(),
      sus: { n: 0, mean: null, low: null, high: null, grade: null, gradingScale: 'sauro-lewis-cgs' },
    };
    render(<SummaryInsights summary={data} />, { wrapper: SessionWrapper });
    expect(screen.getByTestId('insights-sus').textContent).toContain('Aún no hay respuestas al cuestionario SUS.');

    const none = {
      ...data,
      settings: { taskQuestions: false, sus: false },
      tasks: data.tasks.map((task) => ({ ...task, success: { ...task.success, n: 0 }, seq: { ...task.seq, n: 0 } })),
    };
    expect(hasInsights(none)).toBe(false);
    expect(hasInsights(data)).toBe(true);
  });
});
