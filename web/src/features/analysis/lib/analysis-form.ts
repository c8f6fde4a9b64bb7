/**
 * The create/edit analysis form's rules (product §5) and how its values become the API body: https://
 * added when missing, empty tasks dropped, an empty scenario sent as the string 'null' (product §3),
 * device always 'computer' (product §9), the camera setting as chosen (ADR 0008). Messages are locale keys,
 * translated where they are shown. The question settings (ADR 0012) start with 'Preguntar por cada
 * tarea' on and the SUS off; 'Transcribir grabaciones' (ADR 0018) starts on, in Spanish.
 */
import { z } from 'zod';
import type { AnalysisDto } from '@/lib/api-types/AnalysisDto';
import type { AnalysisRequest } from '@/lib/api-types/AnalysisRequest';
import { TRANSCRIPTION_LANGUAGES, transcriptionOf } from '@/lib/transcription';
import { withHttps } from '@/lib/url';

/** Participants: default and the server's upper limit (product §9 gives the minimum 1 and default 5). */
export const DEFAULT_PARTICIPANTS = 5;
export const MAX_PARTICIPANTS = 1000;

/**
 * A domain with optional http(s):// and optional www (both covered by the labels), an optional port,
 * then any path, query or fragment. Matches what the server accepts.
 */
export const URL_PATTERN =
  /^(?:https?:\/\/)?(?:www\.)?(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,}(?::\d{1,5})?(?:[/?#]\S*)?$/i;

export const isValidAnalysisUrl = (url: string) => URL_PATTERN.test(url.trim());

const taskSchema = z.object({ content: z.string() });

/** The 'Cámara' field's options, in the order shown (ADR 0008); 'off' by default. */
export const CAMERA_OPTIONS = ['off', 'optional', 'required'] as const;

export const analysisFormSchema = z.object({
  name: z.string().trim().min(1, 'analysis.form.nameRequired'),
  url: z.string().trim().min(1, 'analysis.form.urlRequired').refine(isValidAnalysisUrl, 'analysis.form.urlInvalid'),
  scenario: z.string(),
  maxNumberOfParticipants: z
    .string()
    .trim()
    .refine((value) => /^\d+$/.test(value) && Number(value) >= 1, 'analysis.form.participantsMin')
    .refine((value) => Number(value) <= MAX_PARTICIPANTS, 'analysis.form.participantsMax')
    .transform(Number),
  tasks: z
    .array(taskSchema)
    .refine((tasks) => tasks.some((task) => task.content.trim() !== ''), 'analysis.form.tasksRequired'),
  taskQuestions: z.boolean(),
  sus: z.boolean(),
  camera: z.enum(CAMERA_OPTIONS),
  transcribe: z.boolean(),
  transcriptionLanguage: z.enum(TRANSCRIPTION_LANGUAGES),
  summaries: z.boolean(),
});

/** What the inputs hold (all strings; the participants input too). */
export type AnalysisFormInput = z.input<typeof analysisFormSchema>;
/** What a valid submit hands over. */
export type AnalysisFormValues = z.output<typeof analysisFormSchema>;

export const emptyAnalysisForm = (): AnalysisFormInput => ({
  name: '',
  url: '',
  scenario: '',
  maxNumberOfParticipants: String(DEFAULT_PARTICIPANTS),
  tasks: [{ content: '' }],
  taskQuestions: true,
  sus: false,
  camera: 'off',
  transcribe: true,
  transcriptionLanguage: 'es',
  summaries: true,
});

/** The edit form starts from the saved analysis; a stored 'null' scenario is an empty field. */
export const analysisFormFrom = (analysis: AnalysisDto): AnalysisFormInput => ({
  name: analysis.name,
  url: analysis.url,
  scenario: analysis.scenario && analysis.scenario !== 'null' ? analysis.scenario : '',
  maxNumberOfParticipants: String(Number(analysis.max_number_of_participants)),
  tasks: analysis.tasks.length > 0 ? analysis.tasks.map((task) => ({ content: task.taskContent })) : [{ content: '' }],
  taskQuestions: analysis.taskQuestions,
  sus: analysis.sus,
  camera: analysis.camera ?? 'off',
  transcribe: transcriptionOf(analysis).enabled,
  transcriptionLanguage: transcriptionOf(analysis).language,
  summaries: transcriptionOf(analysis).summaries,
});

/** The web form always says what it wants (a client that leaves `transcription` out gets it on, in Spanish). */
export function toAnalysisRequest(values: AnalysisFormValues): AnalysisRequest {
  const scenario = values.scenario.trim();
  return {
    name: values.name,
    url: withHttps(values.url),
    maxNumberOfParticipants: values.maxNumberOfParticipants,
    scenario: scenario === '' ? 'null' : scenario,
    tasks: values.tasks
      .map((task) => task.content.trim())
      .filter((content) => content !== '')
      .map((taskContent) => ({ taskType: 'text', taskContent })),
    device: 'computer',
    taskQuestions: values.taskQuestions,
    sus: values.sus,
    camera: values.camera,
    transcription: { enabled: values.transcribe, language: values.transcriptionLanguage, summaries: values.summaries },
  };
}

/** Removing is refused for the last task (product §5): the answer is the message key to show instead. */
export const canRemoveTask = (taskCount: number): { ok: true } | { ok: false; message: 'analysis.form.lastTask' } =>
  taskCount > 1 ? { ok: true } : { ok: false, message: 'analysis.form.lastTask' };
