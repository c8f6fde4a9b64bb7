/** The stepper's rules: https:// prefix, linkified task URLs, step list and counts, the mm:ss timer. */
import { describe, expect, it } from 'vitest';
import {
  buildSteps,
  formatDuration,
  linkify,
  participantScreens,
  screenProgress,
  stepProgress,
} from '@/features/participate/lib/steps';

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

  it('is the product §2.4 stepper exactly without questions', () => {
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

  it('walks a panel study screen by screen: pre-questions, tasks and their questions, post-questions, SUS', () => {
    // Issue 45: the counter stalled on the URL while the questions before the tasks showed,
    // skipped the questions after them, and fell back to the last task behind the upload window.
    const study = { ...both, pre: true, post: true, postPending: true };
    expect(participantScreens(steps, study).map((screen) => screen.kind)).toEqual([
      'step',
      'step',
      'pre',
      'step',
      'task',
      'step',
      'task',
      'post',
      'sus',
    ]);
    const walk: Array<[number, Parameters<typeof screenProgress>[3], boolean?]> = [
      [0, null],
      [1, null],
      [1, { kind: 'study', phase: 'pre' }],
      [2, null],
      [2, { kind: 'task', taskNumber: 1 }],
      [3, null],
      [3, { kind: 'task', taskNumber: 2 }],
      [3, { kind: 'study', phase: 'post' }],
      [3, { kind: 'sus' }],
      [3, null, true],
    ];
    const counters = walk.map(([index, prompt, finishing]) => {
      const { current, total } = screenProgress(steps, index, study, prompt, finishing);
      return `Step ${current} of ${total}`;
    });
    expect(counters).toEqual([
      'Step 1 of 9',
      'Step 2 of 9',
      'Step 3 of 9',
      'Step 4 of 9',
      'Step 5 of 9',
      'Step 6 of 9',
      'Step 7 of 9',
      'Step 8 of 9',
      'Step 9 of 9',
      'Step 9 of 9',
    ]);
  });

  it('keeps the tasks in the order they were shown, each followed by its questions', () => {
    const shuffled = buildSteps({ ...data, taskOrder: [2, 1] });
    const screens = participantScreens(shuffled, both);
    expect(screens.slice(2)).toEqual([
      { kind: 'step', position: 2 },
      { kind: 'task', taskNumber: 2 },
      { kind: 'step', position: 3 },
      { kind: 'task', taskNumber: 1 },
      { kind: 'sus' },
    ]);
    expect(screenProgress(shuffled, 3, both, { kind: 'task', taskNumber: 1 })).toMatchObject({ current: 6, total: 7 });
  });
});
