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
// Themes are remade (debounced) after each new summary, so an analysis whose N participations
// arrive one by one makes N−1 themes calls with 2, 3, …, N summaries: their total is shared by
// the N recorded hours. Not counted: a call tried again (JSON mode not met, a 429), a researcher's
// 'Regenerar', and summaries whose participant said nothing (no call).
//
//   npm run bench:ai-cost
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import llama3Tokenizer from 'llama3-tokenizer-js';

const TARGET_USD_PER_HOUR = 0.02;
// Llama 4's chat template: each message is <|header_start|>role<|header_end|>\n\n…<|eot|>;
// a call adds <|begin_of_text|> and the assistant's header, an answer ends with <|eot|>.
const TEMPLATE_TOKENS_PER_MESSAGE = 5;
const TEMPLATE_TOKENS_PER_CALL = 1 + 4;
const TEMPLATE_TOKENS_PER_ANSWER = 1;

const tokens = (text) => llama3Tokenizer.encode(text, { bos: false, eos: false }).length;
const n = (x) => Math.round(x).toLocaleString('en');
const usd = (x) => `$${x.toFixed(5)}`;

/** A request's input tokens, by part. */
function input(request) {
  const messages = request.messages.map((m) => tokens(m.content));
  const parts = {
    system: messages[0],
    user: messages.slice(1).reduce((a, b) => a + b, 0),
    schema: tokens(JSON.stringify(request.response_format.json_schema)),
    template: TEMPLATE_TOKENS_PER_CALL + TEMPLATE_TOKENS_PER_MESSAGE * messages.length,
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
      maxBuffer: 64 * 1024 ** 2,
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

  // The themes: N−1 calls for N participations, shared by N recorded hours.
  console.log(
    `\nthemes, remade after each new summary (N−1 calls with 2…N summaries; max_tokens ${doc.analyses[0].calls[0].request.max_tokens})`,
  );
  const themes = doc.analyses.map(({ participations, calls }) => {
    let inTokens = 0;
    let outTokens = 0;
    let last;
    for (const call of calls) {
      last = { in: input(call.request).total, out: output(call.answer).total, quotes: call.quotes };
      inTokens += last.in;
      outTokens += last.out;
      if (call.leftOut > 0) throw new Error(`${call.leftOut} participations left out of a themes prompt`);
    }
    console.log(
      `  N = ${String(participations).padEnd(3)} ${calls.length} calls: ${n(inTokens)} input + ${n(outTokens)} output tokens;` +
        ` the last (${participations} summaries, ${last.quotes} quotes) ${n(last.in)} + ${n(last.out)};` +
        ` per recorded hour ${n(inTokens / participations)} + ${n(outTokens / participations)}`,
    );
    return { participations, in: inTokens / participations, out: outTokens / participations };
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
  for (const t of themes) row(`themes, N = ${t.participations}`, t.in, t.out);
  const totals = themes.flatMap((t) => [
    {
      label: `total, typical, N = ${t.participations}`,
      usd: row(`total, typical, N = ${t.participations}`, sIn.total + t.in, typical.total + t.out),
    },
    {
      label: `total, worst, N = ${t.participations}`,
      usd: row(`total, worst, N = ${t.participations}`, sIn.total + t.in, worst.total + t.out),
    },
  ]);

  const highest = totals.reduce((a, b) => (b.usd > a.usd ? b : a));
  const typicalHighest = Math.max(...totals.filter((t) => t.label.includes('typical')).map((t) => t.usd));
  const verdict = (x) => (x <= TARGET_USD_PER_HOUR ? 'PASS' : 'FAIL');
  console.log(
    `\ntarget: at most $${TARGET_USD_PER_HOUR} per recorded hour for summaries and themes` +
      `\n  typical: ${usd(typicalHighest)} (the higher of N = ${themes.map((t) => t.participations).join(' and ')}) → ${verdict(typicalHighest)}` +
      `\n  worst:   ${usd(highest.usd)} (${highest.label}) → ${verdict(highest.usd)}`,
  );
  console.log(
    `\nran in ${((performance.now() - started) / 1000).toFixed(1)} s; machine at the end: load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  if (verdict(typicalHighest) === 'FAIL') process.exitCode = 1;
}

try {
  main();
} catch (error) {
  console.error(error instanceof Error ? error.stack : error);
  process.exitCode = 1;
}
