import { describe, expect, it } from 'vitest';
import { summaryMarkdown } from '@/features/entries/lib/summary-markdown';
import type { EntrySummaryResponse } from '@/lib/api-types/EntrySummaryResponse';

const summary: EntrySummaryResponse = {
  status: 'complete',
  tasks: [
    {
      taskNumber: 2,
      findings: [
        {
          text: 'No encuentra el *botón* de pagar',
          quotes: [{ startMs: 72_450, endMs: 75_250, text: 'No encuentro el botón de pagar.' }],
        },
      ],
    },
  ],
  droppedFindings: 2,
  model: '@cf/meta/llama-4-scout-17b-16e-instruct',
  promptVersion: 1,
  createdAt: 1,
};

const texts = {
  title: 'Resumen del participante 3',
  generatedByAi: 'Generado por IA · revisa las citas',
  dropped: '2 hallazgos descartados: sin cita verificable',
  task: (n: number) => `Tarea ${n}`,
};

describe('summaryMarkdown', () => {
  it('writes each task, finding and quote, each quote linking to the player at its second', () => {
    expect(summaryMarkdown(summary, ['Busca', 'Paga el pedido'], 'e 1', 'https://lupa.example', texts)).toBe(
      [
        '# Resumen del participante 3',
        '',
        '_Generado por IA · revisa las citas_',
        '',
        '> 2 hallazgos descartados: sin cita verificable',
        '',
        '## Tarea 2: Paga el pedido',
        '',
        '- No encuentra el \\*botón\\* de pagar',
        '  - [01:12](https://lupa.example/entry/e%201?t=72) «No encuentro el botón de pagar.»',
        '',
      ].join('\n'),
    );
  });
});
