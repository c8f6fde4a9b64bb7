/** The analysis form's rules and normalisation (product §5): URL shape, https://, empty tasks, 'null' scenario. */
import { describe, expect, it } from 'vitest';
import {
  analysisFormFrom,
  analysisFormSchema,
  canRemoveTask,
  emptyAnalysisForm,
  isValidAnalysisUrl,
  toAnalysisRequest,
  type AnalysisFormInput,
} from '@/features/analysis/lib/analysis-form';
import { anAnalysis, anAnalysisRequest, textTasks } from '@/app/test-data';
import type { AnalysisDto } from '@/lib/api-types/AnalysisDto';

const valid = (overrides: Partial<AnalysisFormInput> = {}): AnalysisFormInput => ({
  name: 'Checkout',
  url: 'tienda.example.com',
  scenario: '',
  maxNumberOfParticipants: '5',
  tasks: [{ content: 'Compra algo' }],
  taskQuestions: true,
  sus: false,
  camera: 'off',
  transcribe: true,
  transcriptionLanguage: 'es',
  summaries: true,
  ...overrides,
});

/** The message keys of a failed parse, by field. */
function problems(input: AnalysisFormInput): Record<string, string> {
  const result = analysisFormSchema.safeParse(input);
  if (result.success) return {};
  const byField: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0]);
    byField[field] ??= issue.message;
  }
  return byField;
}

describe('analysis URL', () => {
  it.each([
    'example.com',
    'www.example.com',
    'http://example.com',
    'https://www.example.com/path?q=1#top',
    'HTTPS://Sub.Example.CO.uk',
    'figma.com/proto/abc123/Prototype?node-id=1-2',
    'localhost.dev:8080/app',
  ])('accepts %s', (url) => expect(isValidAnalysisUrl(url)).toBe(true));

  it.each([
    'example',
    'ftp://example.com',
    'http//example.com',
    'exa mple.com',
    'example.c',
    '-bad.com',
    'https://',
    'example.123',
  ])('refuses %s', (url) => expect(isValidAnalysisUrl(url)).toBe(false));
});

describe('analysis form schema', () => {
  it('gives the product §5 messages for each broken rule', () => {
    expect(problems(valid({ name: '  ', url: '', maxNumberOfParticipants: '0', tasks: [{ content: ' ' }] }))).toEqual({
      name: 'analysis.form.nameRequired',
      url: 'analysis.form.urlRequired',
      maxNumberOfParticipants: 'analysis.form.participantsMin',
      tasks: 'analysis.form.tasksRequired',
    });
    expect(problems(valid({ url: 'not a url' }))).toEqual({ url: 'analysis.form.urlInvalid' });
    expect(problems(valid({ maxNumberOfParticipants: '' }))).toEqual({
      maxNumberOfParticipants: 'analysis.form.participantsMin',
    });
    expect(problems(valid({ maxNumberOfParticipants: '-2' }))).toEqual({
      maxNumberOfParticipants: 'analysis.form.participantsMin',
    });
    expect(problems(valid({ maxNumberOfParticipants: '1001' }))).toEqual({
      maxNumberOfParticipants: 'analysis.form.participantsMax',
    });
    expect(problems(valid())).toEqual({});
  });

  it('starts empty with 5 participants, one empty task, task questions on and the SUS off', () => {
    expect(emptyAnalysisForm()).toEqual({
      name: '',
      url: '',
      scenario: '',
      maxNumberOfParticipants: '5',
      tasks: [{ content: '' }],
      taskQuestions: true,
      sus: false,
      camera: 'off',
      transcribe: true,
      transcriptionLanguage: 'es',
      summaries: true,
    });
  });
});

describe('toAnalysisRequest', () => {
  it('adds https://, drops empty tasks, sends an empty scenario as the string null and device computer', () => {
    const values = analysisFormSchema.parse(
      valid({
        name: '  Checkout ',
        url: ' tienda.example.com/carrito ',
        tasks: [{ content: ' Compra algo ' }, { content: '   ' }, { content: 'Paga' }, { content: '' }],
      }),
    );
    expect(toAnalysisRequest(values)).toEqual(
      anAnalysisRequest({
        url: 'https://tienda.example.com/carrito',
        scenario: 'null',
        tasks: textTasks('Compra algo', 'Paga'),
      }),
    );
  });

  it('sends the transcription setting as chosen (ADR 0018), and refuses another language', () => {
    expect(toAnalysisRequest(analysisFormSchema.parse(valid({ transcribe: false }))).transcription).toEqual({
      enabled: false,
      language: 'es',
      summaries: true,
    });
    expect(toAnalysisRequest(analysisFormSchema.parse(valid({ transcriptionLanguage: 'en' }))).transcription).toEqual({
      enabled: true,
      language: 'en',
      summaries: true,
    });
    expect(toAnalysisRequest(analysisFormSchema.parse(valid({ summaries: false }))).transcription?.summaries).toBe(
      false,
    );
    expect(analysisFormSchema.safeParse({ ...valid(), transcriptionLanguage: 'fr' }).success).toBe(false);
  });

  it('sends both question settings as chosen', () => {
    const request = toAnalysisRequest(analysisFormSchema.parse(valid({ taskQuestions: false, sus: true })));
    expect([request.taskQuestions, request.sus]).toEqual([false, true]);
  });

  it('sends the camera setting as chosen, and refuses anything else', () => {
    expect(toAnalysisRequest(analysisFormSchema.parse(valid({ camera: 'required' }))).camera).toBe('required');
    expect(toAnalysisRequest(analysisFormSchema.parse(valid({ camera: 'optional' }))).camera).toBe('optional');
    expect(analysisFormSchema.safeParse({ ...valid(), camera: 'sometimes' }).success).toBe(false);
  });

  it('keeps a written scenario, trimmed, and an explicit http:// URL', () => {
    const values = analysisFormSchema.parse(
      valid({ scenario: '  Eres un cliente nuevo. ', url: 'http://example.com' }),
    );
    const request = toAnalysisRequest(values);
    expect(request.scenario).toBe('Eres un cliente nuevo.');
    expect(request.url).toBe('http://example.com');
  });
});

describe('task removal', () => {
  it('refuses to remove the last task with the product §5 message', () => {
    expect(canRemoveTask(1)).toEqual({ ok: false, message: 'analysis.form.lastTask' });
    expect(canRemoveTask(2)).toEqual({ ok: true });
  });
});

describe('edit form prefill', () => {
  it("turns a stored 'null' scenario into an empty field and the limit into text", () => {
    const analysis = anAnalysis({
      url: 'https://example.com',
      scenario: 'null',
      max_number_of_participants: 8,
      tasks: textTasks('Uno', 'Dos'),
      taskQuestions: false,
      sus: true,
    }) as unknown as AnalysisDto;
    expect(analysisFormFrom(analysis)).toEqual({
      name: 'Checkout',
      url: 'https://example.com',
      scenario: '',
      maxNumberOfParticipants: '8',
      tasks: [{ content: 'Uno' }, { content: 'Dos' }],
      taskQuestions: false,
      sus: true,
      camera: 'off',
      transcribe: true,
      transcriptionLanguage: 'es',
      summaries: true,
    });
    expect(analysisFormFrom({ ...analysis, camera: 'required' }).camera).toBe('required');
    // A saved transcription setting is prefilled (ADR 0018).
    const saved = { ...analysis, transcription: { enabled: false, language: 'en', summaries: false } } as AnalysisDto;
    expect([analysisFormFrom(saved).transcribe, analysisFormFrom(saved).transcriptionLanguage]).toEqual([false, 'en']);
    expect(analysisFormFrom(saved).summaries).toBe(false);
  });
});
