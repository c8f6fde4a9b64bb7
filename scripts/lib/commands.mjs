// Commands for scripts/run-tests.mjs: each in its own process group, its output streamed (with a
// line prefix inside `withLinePrefix`) and kept, and all of them stopped at a deadline or on
// Ctrl-C, so a hung suite can neither hold the run past CI's limit nor outlive it.
import { AsyncLocalStorage } from 'node:async_hooks';
import { spawn } from 'node:child_process';

/** The process groups of the commands running now, so the deadline (below) can stop them. */
const running = new Set();

/** Runs a command, streaming its output, and resolves with its exit code and captured stdout. */
export function run(cmd, args, opts = {}) {
  if (past) return Promise.resolve({ code: 1, out: '' });
  return new Promise((resolve) => {
    // Its own process group: at the deadline the whole tree goes (cargo's rustc, Playwright's
    // browsers), not just the command, whose children would keep the pipes open.
    const child = spawn(cmd, args, {
      cwd: opts.cwd,
      env: { ...process.env, ...opts.env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    running.add(child);
    let out = '';
    // Inside `withLinePrefix` (a suite that runs beside another), every line is printed as it comes
    // with the prefix in front, so two suites' lines can be told apart and a run stopped from
    // outside still shows how far each got.
    const prefix = linePrefix.getStore();
    const partial = { stdout: '', stderr: '' };
    const write = (stream, key) => (d) => {
      out += d;
      if (!prefix) return stream.write(d);
      const lines = (partial[key] + d).split('\n');
      partial[key] = lines.pop();
      if (lines.length) stream.write(lines.map((l) => `${prefix}${l}\n`).join(''));
    };
    child.stdout.on('data', write(process.stdout, 'stdout'));
    child.stderr.on('data', write(process.stderr, 'stderr'));
    child.on('error', (err) => {
      running.delete(child);
      resolve({ code: 127, out: out + String(err) });
    });
    child.on('close', (code) => {
      running.delete(child);
      if (prefix && partial.stdout) process.stdout.write(`${prefix}${partial.stdout}\n`);
      if (prefix && partial.stderr) process.stderr.write(`${prefix}${partial.stderr}\n`);
      resolve({ code: code ?? 1, out });
    });
  });
}

/** Stops every running command's process group. */
export function stopAll(signal = 'SIGKILL') {
  for (const child of running) {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // Already gone.
    }
  }
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopAll();
    process.exit(130);
  });
}

/** The line prefix of the commands run inside `withLinePrefix`. */
const linePrefix = new AsyncLocalStorage();

/** Runs `fn`, printing the lines of every command it runs with `prefix` in front. */
export const withLinePrefix = (prefix, fn) => linePrefix.run(prefix, fn);

let past = false;

/** True once the deadline has passed: `run` then starts nothing. */
export const pastDeadline = () => past;

/** At `startedMs + budgetMs`, stops every command running and refuses new ones. */
export function startDeadline({ budgetMs, startedMs, onPast }) {
  const timer = setTimeout(
    () => {
      past = true;
      onPast(budgetMs);
      stopAll();
    },
    Math.max(0, startedMs + budgetMs - Date.now()),
  );
  timer.unref();
}
