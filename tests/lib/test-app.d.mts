// Types of test-app.mjs for the TypeScript browser tests (what tests/e2e/support uses).
export interface Answer {
  status: number;
  text: string;
  json?: unknown;
  headers: unknown;
  error?: string;
}
export type Track = 'screen' | 'camera' | 'audio';
export interface SegmentOptions {
  chunkSize?: number;
  chunks?: number;
  msPerChunk?: number;
  durationMs?: number;
  mimeType?: string;
  track?: Track;
  startMs?: number;
  tier?: number;
  headers?: Record<string, string> | (() => Record<string, string>);
}
export interface StepMark {
  index: number;
  atMs: number;
}
export function jsonOf(res: Answer): unknown;
export function must<A extends Answer>(res: A, what: string): A;
export interface Account {
  email: string;
  password: string;
  cookie: string;
  user: { id: string } & Record<string, unknown>;
}
export function signUp(tag?: string, password?: string, base?: string): Promise<Account>;
export function grantSubscription(userId: string, options?: { days?: number; stateDir?: string }): void;
export function owner(tag?: string, options?: { base?: string; stateDir?: string; days?: number }): Promise<Account>;
export function createAnalysis(
  owner: { cookie: string },
  options?: { tasks?: string[]; max?: number; base?: string } & Record<string, unknown>,
): Promise<{ id: string } & Record<string, unknown>>;
export class Participation {
  entryId: string;
  cookie?: string;
  res: Answer;
  setCookie?: string;
  openSegment(options?: {
    mimeType?: string;
    track?: Track;
    tier?: number;
    headers?: Record<string, string>;
  }): Promise<Answer>;
  putChunk(
    segment: number,
    index: number,
    bytes: Uint8Array,
    endMs?: number,
    options?: { track?: Track; startMs?: number; headers?: Record<string, string> },
  ): Promise<Answer>;
  recordSegment(data: Uint8Array, options?: SegmentOptions): Promise<number>;
  putAudio(
    segment: number,
    audio: { bytes: Uint8Array; sizes: number[] },
    startMs: number,
    options?: { clock?: (index: number) => number },
  ): Promise<Answer[]>;
  putThumbnail(jpeg: Uint8Array, headers?: Record<string, string>): Promise<Answer>;
  answerTask(taskNumber: number, body: Record<string, unknown>): Promise<Answer>;
  answerSus(body: { answers: number[]; atMs: number }): Promise<Answer>;
  resume(): Promise<Answer>;
  complete(body?: { durationMs?: number; steps?: StepMark[] }): Promise<Answer>;
  submit(): Promise<Answer>;
  finish(options?: { durationMs?: number; steps?: StepMark[] }): Promise<void>;
  recordAndSubmit(data: Uint8Array, options?: SegmentOptions & { steps?: StepMark[] }): Promise<void>;
}
export function participate(
  analysisId: string,
  options?: { ip?: string; headers?: Record<string, string>; base?: string; oneAddress?: boolean },
): Promise<Participation>;
export function submittedParticipation(
  analysisId: string,
  data: Uint8Array,
  options?: SegmentOptions & { steps?: StepMark[]; base?: string },
): Promise<Participation>;
