// Helpers for the insights tests (ADR 0012): a subscribed researcher with an analysis, and
// participations that answer the task questions and the SUS as the participant's tab does, with
// step marks and answer times on the entry's timeline.
import { randomBytes } from 'node:crypto';
import { api } from './helpers.mjs';
import { createAnalysis, owner } from '../lib/test-app.mjs';
import { participate, recordAndSubmit } from './recording.mjs';

export { createAnalysis };

/** A researcher with an active subscription; `base` and `stateDir` for a test's own server. */
export const researcher = (tag = 'insights', options) => owner(tag, options);

/** The time the participant spends answering after each task's 'Siguiente'. */
export const QUESTIONS_MS = 5000;

/**
 * One submitted participation. `tasks` lists, per task reached, `{ s: seconds on the task,
 * answer?: { seq, success } }`; task 1 starts at 2 s (after scenario and URL). After an answered
 * task the questions take 5 s before the next task's mark; the recording ends 5 s after the last
 * answer, or exactly at the end of an unanswered last task; the SUS (`sus`, ten answers) is sent
 * at that end.
 */
export async function participation(analysisId, { tasks, sus }) {
  const { entryId, cookie } = await participate(analysisId);
  const steps = [
    { index: 0, atMs: 0 },
    { index: 1, atMs: 1000 },
  ];
  let at = 2000;
  let end = at;
  for (const [i, task] of tasks.entries()) {
    steps.push({ index: 2 + i, atMs: at });
    const finished = at + task.s * 1000;
    if (task.answer) {
      const put = await api(`/api/v1/analysisEntry/${entryId}/answers/tasks/${i + 1}`, {
        method: 'PUT',
        cookie,
        body: { ...task.answer, atMs: finished },
      });
      if (put.status !== 200) throw new Error(`answer task ${i + 1}: ${put.status} ${put.text}`);
      end = finished + QUESTIONS_MS;
    } else {
      end = finished;
    }
    at = end;
  }
  if (sus) {
    const put = await api(`/api/v1/analysisEntry/${entryId}/answers/sus`, {
      method: 'PUT',
      cookie,
      body: { answers: sus, atMs: end },
    });
    if (put.status !== 200) throw new Error(`sus: ${put.status} ${put.text}`);
  }
  // One small chunk whose end is the recording's length.
  await recordAndSubmit(entryId, cookie, randomBytes(4096), { steps, chunkSize: 4096, msPerChunk: end });
  return { entryId, durationMs: end, steps };
}

/** Parses a CSV answer of ours (BOM, CRLF, RFC 4180 quoting) into rows of cells. */
export function parseCsv(text) {
  const rows = [];
  let row = [];
  let cell = '';
  let quoted = false;
  const body = text.replace(/^\ufeff/, '');
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && body[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}

/** Asserts `actual` is within `tolerance` of `expected`, naming the figure. */
export function near(actual, expected, tolerance, name) {
  if (typeof actual !== 'number' || Math.abs(actual - expected) > tolerance) {
    throw new Error(`${name}: ${actual}, expected ${expected} ± ${tolerance}`);
  }
}
