/** The stepper's rules: https:// prefix, linkified task URLs, step list and counts, the mm:ss timer. */
import { describe, expect, it } from 'vitest';
import { buildSteps, formatDuration, linkify, screenProgress, stepProgress } from '@/features/participate/lib/steps';

describe('linkify', () => {
  it('turns http(s) and www URLs into links and keeps the text around them', () => {
    expect(linkify('Busca en https://shop.example.com/ofertas, luego vuelve.')).toEqual([
      { kind: 'text', text: 'Busca en ' },
      { kind: 'link', text: 'https://shop.example.com/ofertas', href: 'https://shop.example.com/ofertas' },
      { kind: 'text', text: ', luego vuelve.' },
    ]);
    expect(linkify('Ve a www.example.org.')).toEqual([
      { kind: 'text', text: 'Ve a ' },
      { kind: 'link', text: 'www.example.org', href: 'https://www.example.org' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('links several URLs, keeps a closing bracket that belongs to the URL, and leaves plain text alone', () => {
    const segments = linkify('(ver https://a.example/x_(y)) y http://b.example');
    expect(segments.filter((s) => s.kind === 'link').map((s) => s.text)).toEqual([
      'https://a.example/x_(y)',
      'http://b.example',
    ]);
    expect(segments.map((s) => s.text).join('')).toBe('(ver https://a.example/x_(y)) y http://b.example');
    expect(linkify('Sin enlaces, p.ej. nada.')).toEqual([{ kind: 'text', text: 'Sin enlaces, p.ej. nada.' }]);
  });

  it('never produces anything but http(s) links', () => {
    const links = linkify('javascript:alert(1) https://ok.example').filter((s) => s.kind === 'link');
    expect(links).toEqual([{ kind: 'link', text: 'https://ok.example', href: 'https://ok.example' }]);
  });
});

describe('buildSteps', () => {
  const tasks = [
    { taskType: 'text', taskContent: 'Encuentra el precio' },
    { taskType: 'text', taskContent: '  ' },
    { taskType: 'text', taskContent: 'Abre https://example.com/ayuda' },
  ];

  it('is scenario, URL (https added), then one step per non-empty task numbered from 1', () => {
    const steps = buildSteps({
      scenario: 'Eres cliente',
      analysisUrl: 'example.com',
      tasks,
      taskQuestions: false,
      sus: false,
      camera: 'off',
    });
    expect(steps.map((s) => s.kind)).toEqual(['scenario', 'url', 'task', 'task']);
    expect(steps[0]).toEqual({ kind: 'scenario', text: 'Eres cliente' });
    expect(steps[1]).toEqual({ kind: 'url', href: 'https://example.com', label: 'example.com' });
    expect(steps[3]).toMatchObject({ kind: 'task', number: 2 });
    expect(steps[3]?.kind === 'task' && steps[3].segments[1]).toEqual({
      kind: 'link',
      text: 'https://example.com/ayuda',
      href: 'https://example.com/ayuda',
    });
  });

  it('keeps the scenario step without a scenario (null, blank or the string "null")', () => {
    for (const scenario of [null, '', '   ', 'null']) {
      const steps = buildSteps({
        scenario,
        analysisUrl: 'https://x.example',
        tasks: [],
        taskQuestions: false,
        sus: false,
        camera: 'off',
      });
      expect(steps).toHaveLength(2);
      expect(steps[0]).toEqual({ kind: 'scenario', text: null });
    }
  });
});

describe('stepProgress', () => {
  it('counts from 1 and reaches 100% on the last step', () => {
    expect(stepProgress(0, 5)).toEqual({ current: 1, total: 5, percent: 20, isFirst: true, isLast: false });
    expect(stepProgress(2, 5)).toMatchObject({ current: 3, percent: 60 });
    expect(stepProgress(4, 5)).toMatchObject({ current: 5, percent: 100, isLast: true });
    expect(stepProgress(9, 3)).toMatchObject({ current: 3, isLast: true });
    expect(stepProgress(0, 0)).toMatchObject({ current: 1, total: 1, percent: 100 });
  });
});

describe('formatDuration', () => {
  it('is mm:ss, with minutes past 59', () => {
    expect(formatDuration(0)).toBe('00:00');
    expect(formatDuration(65_999)).toBe('01:05');
    expect(formatDuration(3_600_000)).toBe('60:00');
    expect(formatDuration(Number.NaN)).toBe('00:00');
  });
});

describe('screenProgress (ADR 0015: question screens are steps)', () => {
  const data = {
    scenario: 'S',
    analysisUrl: 'example.com',
    tasks: [
      { taskType: 'text', taskContent: 'A' },
      { taskType: 'text', taskContent: 'B' },
    ],
    taskQuestions: true,
    sus: true,
    camera: 'off' as const,
  };
  const steps = buildSteps(data);
  const none = { taskQuestions: false, sus: false, answeredTasks: [], answeredSus: false };
  const both = { taskQuestions: true, sus: true, answeredTasks: [] as number[], answeredSus: false };

  it('is the spec stepper exactly without questions', () => {
    for (let i = 0; i < steps.length; i += 1) {
      const { atLastStep: _ignored, ...progress } = screenProgress(steps, i, none, null);
      expect(progress).toEqual(stepProgress(i, steps.length));
    }
  });

  it('counts each task question screen and the SUS', () => {
    // scenario, url, task 1, its questions, task 2, its questions, SUS = 7 screens
    expect(screenProgress(steps, 0, both, null)).toMatchObject({ current: 1, total: 7 });
    expect(screenProgress(steps, 2, both, { kind: 'task', taskNumber: 1 })).toMatchObject({ current: 4, total: 7 });
    expect(screenProgress(steps, 3, both, null)).toMatchObject({
      current: 5,
      total: 7,
      isLast: false,
      atLastStep: true,
    });
    expect(screenProgress(steps, 3, both, { kind: 'sus' })).toMatchObject({ current: 7, total: 7, percent: 100 });
  });

  it("keeps 'Finish Analysis' for the last step only once nothing is left to ask", () => {
    expect(screenProgress(steps, 3, { ...both, answeredTasks: [1, 2] }, null).isLast).toBe(false);
    expect(screenProgress(steps, 3, { ...both, answeredTasks: [1, 2], answeredSus: true }, null).isLast).toBe(true);
    expect(screenProgress(steps, 3, { ...none, taskQuestions: true, answeredTasks: [2] }, null).isLast).toBe(true);
  });
});
