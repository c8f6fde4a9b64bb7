/**
 * Test data shaped like the API's: analyses as it sends them and the bodies the analysis form sends.
 * No React and no app imports, so a plain unit test can use it without loading the whole app
 * (component tests get the same names from app/test-utils).
 */
import type { AnalysisRequest } from '@/lib/api-types/AnalysisRequest';

/** Text tasks as the API takes and sends them, in order. */
export const textTasks = (...contents: string[]) => contents.map((taskContent) => ({ taskType: 'text', taskContent }));

/**
 * An analysis as the API sends it (GET /analysis/:id, the dashboard's list), with two tasks;
 * tests override what they look at (entries, question settings, dates).
 */
export const anAnalysis = (overrides: Record<string, unknown> = {}) => ({
  id: 'an-1',
  name: 'Checkout',
  url: 'https://tienda.example.com',
  device: 'computer',
  scenario: 'Eres un cliente nuevo.',
  max_number_of_participants: 5,
  status: 'published',
  created_at: 1,
  updated_at: 1,
  tasks: textTasks('Busca un producto', 'Cómpralo').map((task, i) => ({ id: `t${i + 1}`, ...task })),
  _count: { AnalysisEntries: 1 },
  camera: 'off',
  transcription: { enabled: true, language: 'es', summaries: true },
  ...overrides,
});

/**
 * The body the analysis form sends (POST /analysis, PATCH /analysis/:id) for anAnalysis's
 * 'Checkout' with the form's defaults; tests override what they changed.
 */
export const anAnalysisRequest = (overrides: Partial<AnalysisRequest> = {}): AnalysisRequest => ({
  name: 'Checkout',
  url: 'https://tienda.example.com',
  maxNumberOfParticipants: 5,
  scenario: 'Eres un cliente nuevo.',
  tasks: textTasks('Busca un producto', 'Cómpralo'),
  device: 'computer',
  taskQuestions: true,
  sus: false,
  camera: 'off',
  transcription: { enabled: true, language: 'es', summaries: true },
  ...overrides,
});
