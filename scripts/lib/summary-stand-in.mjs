// A stand-in for Workers AI's REST endpoint running `@cf/meta/llama-4-scout-17b-16e-instruct` in
// JSON mode (ADR 0021), served by the Whisper stand-in's server (one AI_REST_BASE, as Cloudflare's
// API is one). It checks each request has the documented shape (bearer token; JSON `{messages:
// [{role, content}], response_format: {type: 'json_schema', json_schema}}`), keeps it, and after a
// realistic delay answers in the REST wrapper `{result: {response, usage}, success, errors,
// messages}` (edge-worker/core/fixtures/ai-text-rest-ok.json):
//   - 'sentences' (the default): deterministically from the transcript it was sent, one finding
//     per line of each task (at most two), each quoting the line's first sentence at its time;
//   - 'mixed': the same, plus one finding quoting words nobody said and one quoting a real
//     sentence placed a minute away from where it was said: the evidence check must drop exactly
//     those two;
//   - 'json-mode-failed': the documented failure of JSON mode (400, "JSON Mode couldn't be met").
// A themes request (its schema asks for `themes`, ADR 0021) is answered from the quote ids it was
// sent: one theme per task quoted by two participants or more; 'mixed' adds two the server must
// drop (ids no quote has, and a single participant's quotes).
//
// Control (under the Whisper stand-in's origin, for tests):
//   GET  /control/summary/requests   → [{ path, authorization, contentType, keys, messages, responseFormat, at }]
//   POST /control/summary/reset      → forget the requests, back to 'sentences'
//   POST /control/summary {mode?, delayMs?, hold?, holdThemes?} → how the next requests are
//        answered; `hold: true` keeps summary requests unanswered until released, `holdThemes:
//        true` themes requests (a remake that a deletion can race)
//   POST /control/summary/release → answers the held requests at once (a run of summaries that
//        finish together, for the themes' debounce), and stops holding
import { readFileSync } from 'node:fs';

export const SUMMARY_MODEL = '@cf/meta/llama-4-scout-17b-16e-instruct';
/** Llama 4 Scout answers a summary's few hundred tokens in about a second or two. */
export const DEFAULT_SUMMARY_DELAY_MS = 1000;
const JSON_MODE_FAILED = readFileSync(
  new URL('../../edge-worker/core/fixtures/ai-text-rest-json-mode-failed.json', import.meta.url),
  'utf8',
);

/** The words of the invented quote ('mixed'): never in a Whisper stand-in transcript. */
export const INVENTED_QUOTE = 'Me encanta el color del logotipo.';

/** `[start-end] text` lines of each `## Tarea N:` / `## Task N:` section of the user message. */
export function tasksOf(userMessage) {
  const tasks = [];
  let current;
  for (const row of userMessage.split('\n')) {
    const heading = /^## (?:Tarea|Task) (\d+):/.exec(row);
    if (heading) {
      current = { taskNumber: Number(heading[1]), lines: [] };
      tasks.push(current);
      continue;
    }
    const line = /^\[(\d+)-(\d+)\] (.+)$/.exec(row);
    if (line && current) current.lines.push({ startMs: Number(line[1]), endMs: Number(line[2]), text: line[3].trim() });
  }
  return tasks;
}

/** A line's first sentence, as said (its punctuation kept). */
const firstSentence = (text) => (/^.+?[.?!](?=\s|$)/.exec(text)?.[0] ?? text).trim();

const folded = (text) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/**
 * A time range where `quote` was not said: another line's, whose range widened by 2 s (as the
 * check widens it) meets no line holding the quote's words; else a minute after the last line.
 */
function misplaced(lines, quote) {
  const holds = (line) => folded(line.text).includes(folded(quote.text));
  const clear = (at) => !lines.some((l) => holds(l) && l.endMs >= at.startMs - 2_000 && l.startMs <= at.endMs + 2_000);
  const other = lines.find((l) => !holds(l) && clear(l));
  if (other) return { startMs: other.startMs, endMs: other.endMs };
  const last = Math.max(...lines.map((l) => l.endMs));
  return { startMs: last + 60_000, endMs: last + 63_000 };
}

/** The response a mode gives for a user message: `{tasks: [{taskNumber, findings}]}`. */
export function answerFor(userMessage, mode = 'sentences') {
  const tasks = tasksOf(userMessage)
    .filter((t) => t.lines.length)
    .map((t) => ({
      taskNumber: t.taskNumber,
      findings: t.lines.slice(0, 2).map((line) => ({
        text: `En la tarea ${t.taskNumber} comenta: ${firstSentence(line.text)}`,
        quotes: [{ startMs: line.startMs, endMs: line.endMs, text: firstSentence(line.text) }],
      })),
    }));
  if (mode === 'mixed' && tasks.length) {
    const first = tasks[0];
    const said = first.findings[0].quotes[0];
    first.findings.push({
      text: 'Hallazgo con una cita inventada',
      quotes: [{ startMs: said.startMs, endMs: said.endMs, text: INVENTED_QUOTE }],
    });
    const elsewhere = misplaced(
      tasksOf(userMessage).flatMap((t) => t.lines),
      said,
    );
    first.findings.push({
      text: 'Hallazgo con una cita real en otro momento',
      quotes: [{ ...elsewhere, text: said.text }],
    });
  }
  return { tasks };
}

/**
 * The quotes of a themes request's user message (ADR 0021): `[{id, participant, taskNumber}]`, from
 * its `## Participante N` blocks, `- Tarea T: …` findings and `  - [Qn] «…»` quotes.
 */
export function quotesOf(userMessage) {
  const quotes = [];
  let participant;
  let taskNumber;
  for (const row of userMessage.split('\n')) {
    const who = /^## (?:Participante|Participant) (\d+)/.exec(row);
    if (who) participant = Number(who[1]);
    const finding = /^- (?:Tarea|Task) (\d+):/.exec(row);
    if (finding) taskNumber = Number(finding[1]);
    const quote = /^ {2}- \[(Q\d+)\]/.exec(row);
    if (quote && participant !== undefined) quotes.push({ id: quote[1], participant, taskNumber });
  }
  return quotes;
}

/**
 * The themes a mode gives (`{themes: [{title, text, quoteIds}]}`): one theme per task whose quotes
 * come from two participants or more, citing them all; 'mixed' adds one citing ids no quote has and
 * one citing a single participant's quotes, which the server must both drop.
 */
export function themesFor(userMessage, mode = 'sentences') {
  const quotes = quotesOf(userMessage);
  const tasks = [...new Set(quotes.map((q) => q.taskNumber))].sort((a, b) => a - b);
  const themes = tasks
    .map((taskNumber) => quotes.filter((q) => q.taskNumber === taskNumber))
    .filter((cited) => new Set(cited.map((q) => q.participant)).size >= 2)
    .map((cited) => ({
      title: `Comentarios en la tarea ${cited[0].taskNumber}`,
      text: `Varios participantes comentan lo que ven en la tarea ${cited[0].taskNumber}.`,
      quoteIds: cited.map((q) => q.id),
    }));
  if (mode === 'mixed' && quotes.length) {
    themes.push({ title: 'Tema con citas inventadas', text: 'Nadie lo dijo.', quoteIds: ['Q9999', 'Q10000'] });
    const first = quotes[0].participant;
    themes.push({
      title: 'Tema de un solo participante',
      text: 'Solo lo dijo una persona.',
      quoteIds: quotes.filter((q) => q.participant === first).map((q) => q.id),
    });
  }
  return { themes };
}

const refusal = (status, code, message) => ({
  status,
  body: { result: null, success: false, errors: [{ code, message }], messages: [] },
});

/** The summary model's handler and control routes, for the Whisper stand-in's server. */
export function createSummaryStandIn({ delayMs = DEFAULT_SUMMARY_DELAY_MS, token, account } = {}) {
  let requests = [];
  let state = { delayMs, mode: 'sentences' };
  /** The resolvers of held summary requests. */
  let held = [];
  const release = () => {
    for (const resolve of held) resolve();
    held = [];
  };
  return {
    path: `/client/v4/accounts/${account}/ai/run/${SUMMARY_MODEL}`,
    /** `{status, body}` for a control request under /control/summary, or undefined. */
    control(url, method, body) {
      if (url === '/control/summary/requests' && method === 'GET') return { status: 200, body: requests };
      if (url === '/control/summary/release' && method === 'POST') {
        state = { ...state, hold: false, holdThemes: false };
        const released = held.length;
        release();
        return { status: 200, body: { released } };
      }
      if (url === '/control/summary/reset' && method === 'POST') {
        release();
        requests = [];
        state = { delayMs, mode: 'sentences' };
        return { status: 200, body: state };
      }
      if (url === '/control/summary' && method === 'POST') {
        state = { ...state, ...JSON.parse(body || '{}') };
        return { status: 200, body: state };
      }
      return undefined;
    },
    /** `{status, body}` for a model request. */
    async answer(req, body) {
      const authorization = req.headers.authorization ?? '';
      let input;
      try {
        input = JSON.parse(body);
      } catch {
        return refusal(400, 5006, 'invalid JSON');
      }
      requests.push({
        path: req.url,
        authorization,
        contentType: req.headers['content-type'],
        keys: Object.keys(input).sort(),
        messages: input.messages,
        responseFormat: input.response_format,
        at: Date.now(),
      });
      if (authorization !== `Bearer ${token}`) return refusal(401, 10000, 'Authentication error');
      const user = Array.isArray(input.messages) ? input.messages.find((m) => m?.role === 'user') : undefined;
      if (typeof user?.content !== 'string')
        return refusal(400, 5006, "Error: required properties at '/' are 'messages'");
      if (input.response_format?.type !== 'json_schema' || typeof input.response_format.json_schema !== 'object')
        return refusal(400, 5006, "Error: '/response_format' must be a JSON schema response format");
      // A themes request asks for `themes` in its schema; a summary's for `tasks`.
      const themes = input.response_format.json_schema?.properties?.themes !== undefined;
      if (themes ? state.holdThemes : state.hold) await new Promise((resolve) => held.push(resolve));
      await new Promise((r) => setTimeout(r, state.delayMs));
      if (state.mode === 'json-mode-failed') return { status: 400, body: JSON_MODE_FAILED };
      const response = themes ? themesFor(user.content, state.mode) : answerFor(user.content, state.mode);
      const promptChars = input.messages.reduce((n, m) => n + String(m.content ?? '').length, 0);
      const completionChars = JSON.stringify(response).length;
      const usage = {
        prompt_tokens: Math.ceil(promptChars / 4),
        completion_tokens: Math.ceil(completionChars / 4),
      };
      usage.total_tokens = usage.prompt_tokens + usage.completion_tokens;
      return { status: 200, body: { result: { response, usage }, success: true, errors: [], messages: [] } };
    },
  };
}
