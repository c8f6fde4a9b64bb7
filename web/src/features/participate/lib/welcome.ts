/**
 * The invite's welcome (ADR 0015): how long taking part is likely to take, and what it needs, from
 * what validate-participation says about the study. The estimate is deliberately round: a
 * participant plans around "about 15 minutes", not a stopwatch.
 */
import type { Camera } from '@/lib/api-types/Camera';

export interface WelcomeStudy {
  tasks: number;
  taskQuestions: boolean;
  sus: boolean;
  camera: Camera;
}

/** Sharing the screen and reading the scenario. */
const SETUP_MINUTES = 3;
/** One task, thinking aloud (moderated studies plan 3–5; unmoderated ones run shorter). */
const TASK_MINUTES = 3;
/** The SEQ and success after a task. */
const TASK_QUESTION_MINUTES = 0.5;
/** Ten SUS items. */
const SUS_MINUTES = 2;

/** Estimated minutes, rounded up to the next 5 (never under 5). */
export function estimatedMinutes(study: Pick<WelcomeStudy, 'tasks' | 'taskQuestions' | 'sus'>): number {
  const tasks = Math.max(0, study.tasks);
  const raw =
    SETUP_MINUTES +
    tasks * (TASK_MINUTES + (study.taskQuestions ? TASK_QUESTION_MINUTES : 0)) +
    (study.sus ? SUS_MINUTES : 0);
  return Math.max(5, Math.ceil(raw / 5) * 5);
}

export type Requirement = 'computer' | 'browser' | 'microphone' | 'camera' | 'cameraOptional';

/** What the participant needs, in the order they will be asked for it. */
export function requirements(camera: Camera): Requirement[] {
  const needs: Requirement[] = ['computer', 'browser', 'microphone'];
  if (camera === 'required') needs.push('camera');
  if (camera === 'optional') needs.push('cameraOptional');
  return needs;
}
