// AI cost benchmark (`npm run bench:ai-cost`, issue 47, ADR 0021): the tokens and the price per
// recorded hour of the AI summaries and the analysis's themes, against the target of at most
// $0.02 per recorded hour. Measured, not estimated: the requests are the ones the product's own
// code builds (lupa_core::ai_summary), printed for synthetic one-hour think-aloud sessions in
// Spanish by `cargo run -p lupa-core --example ai_cost_prompts` (edge-worker/core/examples/
// ai_cost_prompts/), with a typical and a worst-case answer, and their text is tokenized here.
//
// Tokens: the model is Llama 4 Scout, whose tokenizer is not on npm; Llama 3's (128k vocabulary,
// llama3-tokenizer-js) is the nearest published one. Llama 4's vocabulary (200k) is larger and
// covers more non-English text, so it encodes Spanish in as few or fewer tokens: the counts are
// Llama 3's and an upper bound of Llama 4's. On top of the text: the chat template's special
// tokens (below), and the answer's JSON schema, counted as input in case the provider writes it
// into the prompt (guided decoding alone would not). An answer is counted as indented JSON,
// which takes more tokens than compact JSON (both printed).
//
// Themes are remade (debounced) after a new summary as the product does (themes::remakes: after
// each one up to 20, then once the analysis has grown by a tenth), so an analysis whose N
// participations arrive one by one makes a themes call at each of those counts up to N, whose
// total the N recorded hours share. A call grows with its summaries until the prompt is full
// (themes::MAX_INPUT_CHARS, later participations left out), then each costs the most. The example
// prints the calls of the largest analysis (lupa_core::analysis::MAX_PARTICIPANTS), each with the
// counts it is made at (`at`); a smaller one's are those up to its N.
// A themes prompt is counted one participation's block at a time (each block is tokenized once,
// however many prompts hold it; checked equal to the whole prompt's count on the first 20).
// Not counted: a call tried again (JSON mode not met, a 429), a researcher's 'Regenerar', fewer
// themes calls when participations finish within the debounce of each other.
//
//   npm run bench:ai-cost
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import llama3Tokenizer from 'llama3-tokenizer-js';

const TARGET_USD_PER_HOUR = 0.02;
// The analysis sizes priced in full, and those the growth table shows.
const ANALYSES = [5, 20];
const GROWTH = [5, 20, 50, 100, 200, 500, 1000];
// Llama 4's chat template: each message is <|header_start|>role<|header_end|>\n\n…<|eot|>;
// a call adds <|begin_of_text|> and the assistant's header, an answer ends with <|eot|>.
const TEMPLATE_TOKENS_PER_MESSAGE = 5;
const TEMPLATE_TOKENS_PER_CALL = 1 + 4;
const TEMPLATE_TOKENS_PER_ANSWER = 1;

const tokens = (text) => llama3Tokenizer.encode(text, { bos: false, eos: false }).length;
const n = (x) => Math.round(x).toLocaleString('en');
const usd = (x) => `$${x.toFixed(5)}`;
const verdict = (x) => (x <= TARGET_USD_PER_HOUR ? 'PASS' : 'FAIL');

// A themes prompt's blocks: the header (scenario, tasks), then one per participation, each
// starting at a line '## Participante N' (the text before it ends in a newline, so the
// tokenizer's pre-split cuts there too and the blocks' counts add up to the whole's).
const blockTokens = new Map();
function blockwise(text) {
  let total = 0;
  for (const block of text.split(/(?<=\n)(?=## )/)) {
    if (!blockTokens.has(block)) blockTokens.set(block, tokens(block));
    total += blockTokens.get(block);
  }
  return total;
}

/** A request's input tokens, by part; `count` tokenizes the user message. */
function input(request, count = tokens) {
  const [system, ...rest] = request.messages;
  const parts = {
    system: tokens(system.content),
    user: rest.reduce((sum, m) => sum + count(m.content), 0),
    schema: tokens(JSON.stringify(request.response_format.json_schema)),
    template: TEMPLATE_TOKENS_PER_CALL + TEMPLATE_TOKENS_PER_MESSAGE * request.messages.length,
  };
  return { ...parts, total: parts.system + parts.user + parts.schema + parts.template };
}

/** An answer's output tokens: as counted (indented JSON) and compact. */
function output(answer) {
  return {
    total: tokens(JSON.stringify(answer, null, 2)) + TEMPLATE_TOKENS_PER_ANSWER,
    compact: tokens(JSON.stringify(answer)) + TEMPLATE_TOKENS_PER_ANSWER,
  };
}

function main() {
  const started = performance.now();
  console.log(
    `machine: ${new Date().toISOString()} · nproc ${cpus().length} · ${cpus()[0]?.model} · load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  const doc = JSON.parse(
    execFileSync('cargo', ['run', '-q', '-p', 'lupa-core', '--example', 'ai_cost_prompts'], {
      encoding: 'utf8',
      maxBuffer: 256 * 1024 ** 2,
      stdio: ['ignore', 'pipe', 'inherit'],
    }),
  );
  const price = (inTokens, outTokens) =>
    (inTokens * doc.pricesUsdPerMillion.input + outTokens * doc.pricesUsdPerMillion.output) / 1e6;
  const version = JSON.parse(
    readFileSync(new URL('../node_modules/llama3-tokenizer-js/package.json', import.meta.url), 'utf8'),
  ).version;

  const { hour, summary } = doc;
  console.log(
    `model: ${doc.model} at $${doc.pricesUsdPerMillion.input} per M input tokens, $${doc.pricesUsdPerMillion.output} per M output tokens (list prices, lupa_core::ai_summary)`,
  );
  console.log(
    `tokens: counted with Llama 3's tokenizer (llama3-tokenizer-js ${version}, 128k vocabulary), an upper bound of Llama 4's` +
      ` (its own is not on npm; its larger vocabulary encodes Spanish in as few or fewer tokens);` +
      ` + ${TEMPLATE_TOKENS_PER_MESSAGE} template tokens a message, ${TEMPLATE_TOKENS_PER_CALL} a call, ${TEMPLATE_TOKENS_PER_ANSWER} an answer; the JSON schema counted as input`,
  );
  console.log(
    `synthetic hour (Spanish think-aloud): ${(hour.durationMs / 60_000).toFixed(0)} min, ${n(hour.words)} words (${(hour.words / (hour.durationMs / 60_000)).toFixed(0)} a minute),` +
      ` ${hour.lines} lines (${(hour.durationMs / 1000 / hour.lines).toFixed(1)} s each), ${hour.tasks} tasks, ${hour.notes} notes`,
  );

  // The summary: one call per recorded hour.
  const sIn = input(summary.request);
  const typical = output(summary.typical.answer);
  const worst = output(summary.worst.answer);
  console.log(`\nsummary, one call per recorded hour (max_tokens ${summary.request.max_tokens})`);
  console.log(
    `  input            ${n(sIn.total).padStart(7)} tokens = system ${n(sIn.system)} + participation ${n(sIn.user)} + schema ${n(sIn.schema)} + template ${sIn.template}`,
  );
  // What the lines' time ranges ([start-end], copied into the quotes) weigh in the participation.
  const user = summary.request.messages[1].content;
  const ranges = sIn.user - tokens(user.replace(/^\[\d+-\d+\] /gm, ''));
  console.log(
    `    participation: ${(sIn.user / hour.words).toFixed(2)} tokens a spoken word, of which the lines' time ranges ${n(ranges)} tokens (${((100 * ranges) / sIn.user).toFixed(0)} %)`,
  );
  for (const [label, kind, out] of [
    ['typical', summary.typical, typical],
    ['worst', summary.worst, worst],
  ])
    console.log(
      `  output, ${label.padEnd(8)}${n(out.total).padStart(7)} tokens (${kind.findingsPerTask} findings × ${kind.quotesPerFinding} quotes a task; compact JSON ${n(out.compact)})`,
    );

  // The themes: each distinct request once, with the calls that make it.
  const calls = doc.themes.calls.map((call) => ({
    ...call,
    in: input(call.request, blockwise).total,
    out: output(call.answer).total,
  }));
  for (const call of calls.filter((c) => c.summaries <= 20)) {
    const whole = input(call.request).total;
    if (whole !== call.in) throw new Error(`blockwise count ${call.in} ≠ ${whole} for ${call.summaries} summaries`);
  }
  const full = calls.find((c) => c.leftOut > 0);
  /** The themes calls of an analysis of `N` participations, per recorded hour. */
  const themesFor = (N) => {
    const t = { calls: 0, in: 0, out: 0 };
    for (const c of calls) {
      const count = c.at.filter((k) => k <= N).length;
      t.calls += count;
      t.in += count * c.in;
      t.out += count * c.out;
      if (count > 0) t.last = { ...c, at: c.at.filter((k) => k <= N).at(-1) };
    }
    return { ...t, perHourIn: t.in / N, perHourOut: t.out / N };
  };
  console.log(
    `\nthemes, remade after each new summary up to 20, then as the analysis grows by a tenth (max_tokens ${calls[0].request.max_tokens})`,
  );
  const themes = ANALYSES.map((N) => {
    const t = themesFor(N);
    console.log(
      `  N = ${String(N).padEnd(3)} ${t.calls} calls: ${n(t.in)} input + ${n(t.out)} output tokens;` +
        ` the last (${t.last.at} summaries, ${t.last.quotes} quotes) ${n(t.last.in)} + ${n(t.last.out)};` +
        ` per recorded hour ${n(t.perHourIn)} + ${n(t.perHourOut)}`,
    );
    return { N, ...t };
  });

  // Prices per recorded hour.
  console.log(`\nper recorded hour, at list prices      input   output      price`);
  const row = (label, i, o) => {
    const p = price(i, o);
    console.log(`  ${label.padEnd(34)} ${n(i).padStart(7)} ${n(o).padStart(8)} ${usd(p).padStart(10)}`);
    return p;
  };
  row('summary, typical answer', sIn.total, typical.total);
  row('summary, worst answer', sIn.total, worst.total);
  for (const t of themes) row(`themes, N = ${t.N}`, t.perHourIn, t.perHourOut);
  const totals = themes.map((t) => ({
    N: t.N,
    typical: row(`total, typical, N = ${t.N}`, sIn.total + t.perHourIn, typical.total + t.perHourOut),
    worst: row(`total, worst, N = ${t.N}`, sIn.total + t.perHourIn, worst.total + t.perHourOut),
  }));
  const typicalHigh = totals.reduce((a, b) => (b.typical > a.typical ? b : a));
  const worstHigh = totals.reduce((a, b) => (b.worst > a.worst ? b : a));
  console.log(
    `\ntarget: at most $${TARGET_USD_PER_HOUR} per recorded hour for summaries and themes (N = ${ANALYSES.join(' and ')})` +
      `\n  typical: ${usd(typicalHigh.typical)} (N = ${typicalHigh.N}) → ${verdict(typicalHigh.typical)}` +
      `\n  worst:   ${usd(worstHigh.worst)} (worst summaries, N = ${worstHigh.N}) → ${verdict(worstHigh.worst)}`,
  );

  // As an analysis grows: the themes' share per hour grows with N until the prompt is full.
  const total = (N, answer) => {
    const t = themesFor(N);
    return price(sIn.total + t.perHourIn, answer.total + t.perHourOut);
  };
  console.log(
    `\nas the analysis grows (participations arriving one by one): the themes prompt is full at ${full.held} participations (${n(full.in)} tokens),` +
      ` later ones are left out of it${full.assumedAfter ? ` (its request checked to repeat up to N = ${full.assumedAfter}, taken to after)` : ''}`,
  );
  console.log(
    `  ${'N'.padStart(5)} ${'themes in/h'.padStart(12)} ${'themes $/h'.padStart(11)} ${'typical $/h'.padStart(17)} ${'worst $/h'.padStart(16)}`,
  );
  for (const N of GROWTH.filter((N) => N <= doc.themes.participations)) {
    const t = themesFor(N);
    const [ty, wo] = [total(N, typical), total(N, worst)];
    console.log(
      `  ${String(N).padStart(5)} ${n(t.perHourIn).padStart(12)} ${usd(price(t.perHourIn, t.perHourOut)).padStart(11)} ${`${usd(ty)} ${verdict(ty)}`.padStart(17)} ${`${usd(wo)} ${verdict(wo)}`.padStart(16)}`,
    );
  }
  // The largest N before the first over the target.
  const within = (answer) => {
    for (let N = 2; N <= doc.themes.participations; N++) if (total(N, answer) > TARGET_USD_PER_HOUR) return N - 1;
    return doc.themes.participations;
  };
  console.log(
    `  within the target up to N = ${within(typical)} with typical summaries, N = ${within(worst)} with the worst (of at most ${doc.themes.participations})`,
  );

  console.log(
    `\nran in ${((performance.now() - started) / 1000).toFixed(1)} s; machine at the end: load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
}

try {
  main();
} catch (error) {
  console.error(error instanceof Error ? error.stack : error);
  process.exitCode = 1;
}
