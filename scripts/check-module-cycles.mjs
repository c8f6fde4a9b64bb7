// No module cycles in the worker (issue 46): with the modules of edge-worker/src as nodes (one per
// file; a folder's mod.rs is the folder), an edge goes from a module to each other module it names
// through `crate::…` or to a sibling through `super::…`. Any cycle is printed, with the lines that
// close it, and the check exits 1. A folder's parent and children are one unit (a mod.rs declares
// and re-exports its children, and they read its items), so those edges don't count; two files
// of one folder that need each other, or two domains that do, are a cycle.
//
//   node scripts/check-module-cycles.mjs [dir]   (default edge-worker/src)
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const dir = join(root, process.argv[2] ?? 'edge-worker/src');

/** Every .rs file under `at`. */
function rustFiles(at) {
  return readdirSync(at).flatMap((name) => {
    const path = join(at, name);
    if (statSync(path).isDirectory()) return rustFiles(path);
    return name.endsWith('.rs') ? [path] : [];
  });
}

/** `analysis::repo` for analysis/repo.rs, `analysis` for analysis/mod.rs, `crate` for lib.rs. */
function moduleOf(file) {
  const path = relative(dir, file)
    .replace(/\.rs$/, '')
    .replace(/(^|\/)mod$/, '');
  return path === 'lib' || path === '' ? 'crate' : path.replaceAll('/', '::');
}

const parentOf = (module) => (module.includes('::') ? module.slice(0, module.lastIndexOf('::')) : 'crate');
const files = rustFiles(dir);
const modules = new Set(files.map(moduleOf));

/** The longest module that `path` (`a::b::c`) starts with, if any. */
function moduleIn(path) {
  const parts = path.split('::');
  for (let k = parts.length; k > 0; k -= 1) {
    const candidate = parts.slice(0, k).join('::');
    if (modules.has(candidate)) return candidate;
  }
  return null;
}

/** One module's edges: target → the first line naming it. */
function edgesOf(file) {
  const module = moduleOf(file);
  let text = readFileSync(file, 'utf8');
  const tests = text.indexOf('\n#[cfg(test)]');
  if (tests >= 0) text = text.slice(0, tests);
  const edges = new Map();
  text.split('\n').forEach((line, n) => {
    const code = line.replace(/\/\/.*$/, '');
    const paths = [];
    for (const m of code.matchAll(/\bcrate::([a-z_][a-z0-9_]*(?:::[a-z_][a-z0-9_]*)*)(?:::\{([^}]*)\})?/g)) {
      paths.push(m[1]);
      for (const inner of (m[2] ?? '').split(',')) {
        const name = inner.trim().split(/\s/)[0];
        if (name && /^[a-z_]/.test(name) && name !== 'self') paths.push(`${m[1]}::${name}`);
      }
    }
    // `super::x` from a file names a sibling when its parent is a folder with module x.
    for (const m of code.matchAll(/\bsuper::([a-z_][a-z0-9_]*(?:::[a-z_][a-z0-9_]*)*)/g)) {
      const parent = parentOf(module);
      paths.push(parent === 'crate' ? m[1] : `${parent}::${m[1]}`);
    }
    for (const path of paths) {
      const target = moduleIn(path);
      // The module itself, its ancestors and its descendants are one unit with it (see above).
      if (!target || target === module) continue;
      if (module.startsWith(`${target}::`) || target.startsWith(`${module}::`) || target === 'crate') continue;
      if (!edges.has(target)) edges.set(target, `${relative(root, file)}:${n + 1}`);
    }
  });
  return edges;
}

const graph = new Map(files.map((file) => [moduleOf(file), edgesOf(file)]));

// Tarjan's strongly connected components: each one with more than one module is a cycle.
let counter = 0;
const order = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
const cycles = [];
function visit(v) {
  order.set(v, counter);
  low.set(v, counter);
  counter += 1;
  stack.push(v);
  onStack.add(v);
  for (const w of graph.get(v)?.keys() ?? []) {
    if (!order.has(w)) {
      visit(w);
      low.set(v, Math.min(low.get(v), low.get(w)));
    } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), order.get(w)));
  }
  if (low.get(v) !== order.get(v)) return;
  const component = [];
  let w;
  do {
    w = stack.pop();
    onStack.delete(w);
    component.push(w);
  } while (w !== v);
  if (component.length > 1) cycles.push(component.sort());
}
for (const v of graph.keys()) if (!order.has(v)) visit(v);

if (cycles.length) {
  console.error(`${cycles.length} module cycle(s) in ${relative(root, dir)}:`);
  for (const cycle of cycles) {
    console.error(`  ${cycle.join(' ↔ ')}`);
    for (const from of cycle) {
      for (const [to, at] of graph.get(from) ?? [])
        if (cycle.includes(to)) console.error(`    ${from} → ${to} (${at})`);
    }
  }
  process.exit(1);
}
console.log(`cycles: none among ${modules.size} modules of ${relative(root, dir)}`);
