import { describe, expect, it } from 'vitest';
import { themesMarkdown } from '@/features/analysis/lib/themes-markdown';
import type { AnalysisThemesResponse } from '@/lib/api-types/AnalysisThemesResponse';

const themes: AnalysisThemesResponse = {
  status: 'complete',
  themes: [
    {
      title: 'El *carrito* no se ve',
      text: 'Varios no encuentran el carrito.',
      participations: 2,
      quotes: [
        {
          entryId: 'e1',
          participant: 'Participante 1',
          taskNumber: 1,
          startMs: 650,
          endMs: 3350,
          text: 'Vale, ahora busco el carrito.',
        },
        {
          entryId: 'e 2',
          participant: 'Participante 4',
          taskNumber: null,
          startMs: 72_450,
          endMs: 75_250,
          text: '¿Dónde está [el] carrito?',
        },
      ],
    },
  ],
  summarised: 6,
  droppedThemes: 1,
  model: '@cf/meta/llama-4-scout-17b-16e-instruct',
  promptVersion: 1,
  createdAt: 1,
};

const texts = {
  title: 'Temas de «Tienda»',
  generatedByAi: 'Generado por IA · revisa las citas',
  dropped: '1 tema descartado: sin citas de dos participantes',
  count: (n: number, of: number) => `${n} de ${of} participantes`,
  task: (n: number) => `Tarea ${n}`,
};

describe('themesMarkdown', () => {
  it('writes each theme with its count and quotes, each naming who said it and linking to the player at its second', () => {
    expect(themesMarkdown(themes, 'https://lupa.example', texts)).toBe(
      [
        '# Temas de «Tienda»',
        '',
        '_Generado por IA · revisa las citas_',
        '',
        '> 1 tema descartado: sin citas de dos participantes',
        '',
        '## El \\*carrito\\* no se ve',
        '',
        '2 de 6 participantes',
        '',
        'Varios no encuentran el carrito.',
        '',
        '- [Participante 1 · Tarea 1 · 00:00](https://lupa.example/entry/e1?t=0) «Vale, ahora busco el carrito.»',
        '- [Participante 4 · 01:12](https://lupa.example/entry/e%202?t=72) «¿Dónde está \\[el\\] carrito?»',
        '',
      ].join('\n'),
    );
  });

  it('says nothing of dropped themes when none were', () => {
    expect(themesMarkdown({ ...themes, droppedThemes: 0 }, 'https://x', { ...texts, dropped: null })).not.toContain(
      '>',
    );
  });
});
