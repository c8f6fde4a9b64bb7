// Checks the web app's stylesheets against the design system's two rules (ADR 0007):
//   (a) a feature stylesheet (web/src/features/**, web/src/app/**) uses only tokens: no literal
//       colour (#hex, rgb()/hsl()/… functions, named colours such as white or red); transparent,
//       currentcolor, inherit and everything inside var(…) are allowed;
//   (b) no rule block (the same set of at least two declarations, whatever its selector) is
//       repeated between two groups: each top folder of web/src/features is a group, web/src/app
//       is one, and the shared stylesheets (web/src/components/**, web/src/styles.css,
//       web/src/styles/**) are one, the place a block used by several features belongs. Between
//       two features a block of two declarations counts; between a feature and the shared group
//       only one of three or more (a feature re-implementing a shared piece): two-declaration
//       pairs such as `{ display: flex; gap: … }` recur naturally beside a shared class of the
//       same two lines without being a copy of it.
// Prints the figures and every case; exits 1 when there is any.
//
//   node scripts/check-css.mjs [--json report.json]
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import postcss from 'postcss';

const root = new URL('..', import.meta.url).pathname;
const src = join(root, 'web/src');

/**
 * Every CSS named colour (CSS Color 4), which as a value is a literal colour. System colours
 * (Canvas, CanvasText, Highlight…) are not listed: they follow the user's theme, and forced-colours
 * styles need them.
 */
const NAMED_COLOURS = new Set(
  `aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet brown burlywood
  cadetblue chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue darkcyan darkgoldenrod darkgray
  darkgreen darkgrey darkkhaki darkmagenta darkolivegreen darkorange darkorchid darkred darksalmon darkseagreen
  darkslateblue darkslategray darkslategrey darkturquoise darkviolet deeppink deepskyblue dimgray dimgrey dodgerblue
  firebrick floralwhite forestgreen fuchsia gainsboro ghostwhite gold goldenrod gray green greenyellow grey honeydew
  hotpink indianred indigo ivory khaki lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral lightcyan
  lightgoldenrodyellow lightgray lightgreen lightgrey lightpink lightsalmon lightseagreen lightskyblue lightslategray
  lightslategrey lightsteelblue lightyellow lime limegreen linen magenta maroon mediumaquamarine mediumblue
  mediumorchid mediumpurple mediumseagreen mediumslateblue mediumspringgreen mediumturquoise mediumvioletred
  midnightblue mintcream mistyrose moccasin navajowhite navy oldlace olive olivedrab orange orangered orchid
  palegoldenrod palegreen paleturquoise palevioletred papayawhip peachpuff peru pink plum powderblue purple
  rebeccapurple red rosybrown royalblue saddlebrown salmon sandybrown seagreen seashell sienna silver skyblue
  slateblue slategray slategrey snow springgreen steelblue tan teal thistle tomato turquoise violet wheat white
  whitesmoke yellow yellowgreen`.split(/\s+/),
);
const COLOUR_FUNCTIONS = /^(rgba?|hsla?|hwb|lab|lch|oklab|oklch|color)$/i;

/** Relative paths of the .css files under `dir`. */
function cssFiles(dir) {
  const found = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...cssFiles(path));
    else if (entry.name.endsWith('.css')) found.push(path);
  }
  return found.sort();
}

/** Which group a stylesheet belongs to, and whether rule (a) applies to it. */
function groupOf(file) {
  const path = relative(src, file);
  const [top, sub] = path.split('/');
  if (top === 'features') return { group: `features/${sub}`, tokensOnly: true };
  if (top === 'app') return { group: 'app', tokensOnly: true };
  return { group: 'shared', tokensOnly: false };
}

/**
 * The literal colours in a declaration's value. Strings, url(…) and var(…) (name and fallback) are
 * skipped; what is left is split into words and functions.
 */
export function literalColours(value) {
  const found = [];
  let i = 0;
  let plain = '';
  const skipBalanced = (start) => {
    let depth = 0;
    for (let j = start; j < value.length; j++) {
      if (value[j] === '(') depth++;
      else if (value[j] === ')' && --depth === 0) return j + 1;
    }
    return value.length;
  };
  while (i < value.length) {
    const ch = value[i];
    if (ch === '"' || ch === "'") {
      const end = value.indexOf(ch, i + 1);
      i = end === -1 ? value.length : end + 1;
      plain += ' ';
      continue;
    }
    const fn = /^([a-zA-Z-]+)\(/.exec(value.slice(i));
    if (fn) {
      const name = fn[1].toLowerCase();
      if (name === 'var' || name === 'url') {
        i = skipBalanced(i + fn[1].length);
        plain += ' ';
        continue;
      }
      if (COLOUR_FUNCTIONS.test(name)) {
        const end = skipBalanced(i + fn[1].length);
        found.push(value.slice(i, end));
        i = end;
        plain += ' ';
        continue;
      }
    }
    plain += ch;
    i++;
  }
  for (const word of plain.split(/[\s,()/]+/)) {
    if (/^#[0-9a-f]{3,8}$/i.test(word)) found.push(word);
    else if (NAMED_COLOURS.has(word.toLowerCase())) found.push(word);
  }
  return found;
}

/** The normalised declarations of a rule (its own, not nested rules'), sorted, without repeats. */
function blockKey(rule) {
  const declarations = new Set();
  for (const node of rule.nodes ?? []) {
    if (node.type !== 'decl') continue;
    const value = node.value
      .replace(/\s+/g, ' ')
      .replace(/\(\s/g, '(')
      .replace(/\s\)/g, ')')
      .replace(/\s?,\s?/g, ', ')
      .trim();
    declarations.add(`${node.prop.toLowerCase()}: ${value}${node.important ? ' !important' : ''}`);
  }
  return [...declarations].sort();
}

const insideKeyframes = (node) => {
  for (let parent = node.parent; parent; parent = parent.parent) {
    if (parent.type === 'atrule' && /keyframes$/i.test(parent.name)) return true;
  }
  return false;
};

export function checkCss(files) {
  const colours = [];
  /** key → [{ group, file, line, selector }] */
  const blocks = new Map();
  let blockCount = 0;
  for (const file of files) {
    const { group, tokensOnly } = groupOf(file);
    const rel = relative(root, file);
    const ast = postcss.parse(readFileSync(file, 'utf8'), { from: file });
    if (tokensOnly) {
      ast.walkDecls((decl) => {
        for (const colour of literalColours(decl.value)) {
          colours.push({ file: rel, line: decl.source?.start?.line ?? 0, prop: decl.prop, colour });
        }
      });
    }
    ast.walkRules((rule) => {
      if (insideKeyframes(rule)) return;
      const declarations = blockKey(rule);
      if (declarations.length < 2) return;
      blockCount++;
      const key = declarations.join('; ');
      const seen = blocks.get(key) ?? [];
      seen.push({
        group,
        file: rel,
        line: rule.source?.start?.line ?? 0,
        selector: rule.selector.replace(/\s+/g, ' '),
      });
      blocks.set(key, seen);
    });
  }
  const duplicates = [...blocks.entries()]
    .filter(([declarations, places]) => {
      const groups = new Set(places.map((p) => p.group));
      const features = [...groups].filter((g) => g !== 'shared').length;
      return features > 1 || (groups.size > 1 && declarations.split('; ').length >= 3);
    })
    .map(([declarations, places]) => ({ declarations, places }));
  return { files: files.length, blocks: blockCount, colours, duplicates };
}

function main() {
  const args = process.argv.slice(2);
  const jsonAt = args.indexOf('--json');
  const files = [
    ...cssFiles(join(src, 'features')),
    ...cssFiles(join(src, 'app')),
    ...cssFiles(join(src, 'components')),
    ...cssFiles(join(src, 'styles')),
    join(src, 'styles.css'),
  ];
  const result = checkCss(files);
  if (jsonAt !== -1) writeFileSync(args[jsonAt + 1], JSON.stringify(result, null, 2));

  for (const c of result.colours) console.log(`literal colour  ${c.file}:${c.line}  ${c.prop}: ${c.colour}`);
  for (const d of result.duplicates) {
    const groups = [...new Set(d.places.map((p) => p.group))].join(', ');
    console.log(`repeated block  in ${groups}: { ${d.declarations} }`);
    for (const p of d.places) console.log(`                  ${p.file}:${p.line}  ${p.selector}`);
  }
  const tokensOnly = files.filter((f) => groupOf(f).tokensOnly).length;
  console.log(
    `check-css: ${result.files} stylesheets (${tokensOnly} feature/app), ${result.blocks} blocks of 2+ declarations, ` +
      `${result.duplicates.length} repeated between groups, ${result.colours.length} literal colours`,
  );
  process.exit(result.duplicates.length || result.colours.length ? 1 : 0);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
