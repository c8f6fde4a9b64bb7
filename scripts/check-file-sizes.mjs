// The size rule of the codebase (ADR 0014's addendum): no source file over 400 lines and
// no React component over 150 lines without a written reason. The reason is a comment containing
// "Size:" near the top of the file (its first 15 lines), or in the doc comment just above the
// component (the 6 lines before it). Generated files and tests are left out (the rule is for
// the product's source). A reason is an exception, not a licence: at most MAX_LONG_FILES of the
// product's Rust, TypeScript and CSS files may be over the limit (issue 46), each with its reason;
// a sixth means splitting one. Scripts (.mjs, .sh) need only the reason. Prints each offender and
// exits 1.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const FILE_LIMIT = 400;
const COMPONENT_LIMIT = 150;
const SOURCE = /\.(rs|ts|tsx|mjs|js|css|sh)$/;
// Written by tools, checked fresh by `npm run check:types`: nobody edits them by hand.
const GENERATED = [
  /^web\/src\/lib\/api-types\//,
  /^web\/src\/lib\/api-paths\.ts$/,
  /^web\/src\/lib\/error-wording-table\.ts$/,
  /^recorder-wasm\/pkg\//,
];
// Tests: the test folders, host test files beside the code, and fixtures.
const TESTS = [/(^|\/)tests\//, /\.(test|spec)\.[a-z]+$/, /(^|\/|_)tests\.rs$/, /(^|\/)fixtures\//];
const REASON = /Size:/;
const MAX_LONG_FILES = 5;
const CAPPED = /\.(rs|ts|tsx|css)$/;

const root = new URL('..', import.meta.url).pathname;
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter((path) => SOURCE.test(path) && ![...GENERATED, ...TESTS].some((re) => re.test(path)));

const problems = [];
const long = [];
for (const path of files) {
  let text;
  try {
    text = readFileSync(new URL(path, `file://${root}`), 'utf8');
  } catch {
    continue; // deleted in the working tree
  }
  const lines = text.split('\n');
  // A Rust file's own test module (`#[cfg(test)]` in column 0) is a test too.
  const tests = path.endsWith('.rs') ? lines.indexOf('#[cfg(test)]') : -1;
  const count = tests >= 0 ? tests : text.endsWith('\n') ? lines.length - 1 : lines.length;
  if (count > FILE_LIMIT && CAPPED.test(path)) long.push(`${path} (${count})`);
  if (count > FILE_LIMIT && !lines.slice(0, 15).some((line) => REASON.test(line))) {
    problems.push(`${path}: ${count} lines (over ${FILE_LIMIT}) and no "Size:" reason in its first 15 lines`);
  }
  if (!path.endsWith('.tsx') || path.includes('.test.')) continue;
  // A component: a top-level function whose name starts with a capital; it ends at the first `}` in
  // column 0 (the code style formats every top-level function this way).
  lines.forEach((line, start) => {
    const match = /^(?:export )?(?:default )?function ([A-Z]\w*)\(/.exec(line);
    if (!match) return;
    let end = start + 1;
    while (end < lines.length && lines[end] !== '}') end += 1;
    const length = end - start + 1;
    const above = lines.slice(Math.max(0, start - 6), start);
    if (length > COMPONENT_LIMIT && !above.some((l) => REASON.test(l))) {
      problems.push(
        `${path}:${start + 1}: component ${match[1]} is ${length} lines (over ${COMPONENT_LIMIT}) and no "Size:" reason above it`,
      );
    }
  });
}

if (long.length > MAX_LONG_FILES) {
  problems.push(
    `${long.length} Rust, TypeScript and CSS files are over ${FILE_LIMIT} lines; at most ${MAX_LONG_FILES} may be (split one): ${long.join(', ')}`,
  );
}

if (problems.length) {
  console.error(`${problems.length} size problem(s):\n${problems.map((p) => `  ${p}`).join('\n')}`);
  process.exit(1);
}
console.log(
  `sizes: ${files.length} source files within ${FILE_LIMIT} lines and components within ${COMPONENT_LIMIT}, or with a reason; ${long.length} of at most ${MAX_LONG_FILES} over ${FILE_LIMIT}: ${long.join(', ')}`,
);
