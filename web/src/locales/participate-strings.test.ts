/**
 * The participation page bundles only its own strings (es-participate.json; ADR 0011): every key
 * the code it loads names (participate-main.tsx and whatever it imports, statically or lazily) must
 * be in that file, or a participant would see the key. The keys are read from the source: literal
 * keys ('participate.input.title') and the fixed start of built ones (`questions.success.${value}`).
 */
import { describe, expect, it } from 'vitest';
import es from '@/locales/es.json';
import esParticipate from '@/locales/es-participate.json';

/** Every source file's text, by its path under src/ (Vite reads them; no Node APIs in web tests). */
const SOURCES = Object.fromEntries(
  Object.entries(
    import.meta.glob<string>(['/src/**/*.{ts,tsx}', '!/src/**/*.test.{ts,tsx}'], {
      query: '?raw',
      import: 'default',
      eager: true,
    }),
  ).map(([path, text]) => [path.slice('/src/'.length), text]),
);
const ENTRY = 'participate-main.tsx';

/** The source file an `@/` import names, or null for styles, JSON and packages. */
function resolve(specifier: string): string | null {
  if (!specifier.startsWith('@/') || /\.(css|json)$/.test(specifier)) return null;
  const base = specifier.slice(2);
  const file = ['.ts', '.tsx', '/index.ts'].map((ext) => base + ext).find((name) => name in SOURCES);
  if (!file) throw new Error(`cannot resolve ${specifier}`);
  return file;
}

/** Every source file the entry loads, statically or lazily (type-only imports included: harmless). */
function sourcesOf(entry: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const match of SOURCES[file]!.matchAll(/(?:from|import)\s*\(?\s*'(@\/[^']+)'/g)) {
      const next = resolve(match[1]!);
      if (next) visit(next);
    }
  };
  visit(entry);
  return [...seen];
}

/** A file's code without its comments (which quote keys as examples). */
const code = (file: string) => SOURCES[file]!.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

/** The value at a dotted path, or undefined. */
function at(strings: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (node, key) => (typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[key] : undefined),
      strings,
    );
}

const sections = new Set([...Object.keys(es), ...Object.keys(esParticipate)]);
const isKeyLike = (text: string) => sections.has(text.split('.')[0]!);

describe("the participation page's strings", () => {
  const sources = sourcesOf(ENTRY);

  it('follows the entry into the flow, its lazy steps and the shared pieces', () => {
    expect(sources).toEqual(
      expect.arrayContaining([
        'features/participate/routes/participate-page.tsx',
        'features/participate/components/permissions-step.tsx',
        'features/participate/components/question-screen.tsx',
        'components/language-switch.tsx',
        'lib/i18n.ts',
      ]),
    );
    expect(sources.some((name) => name.startsWith('app/'))).toBe(false);
  });

  it('has every key the code names', () => {
    const missing: string[] = [];
    let found = 0;
    for (const file of sources) {
      const text = code(file);
      for (const [, key] of text.matchAll(/['`]([a-z][A-Za-z]*(?:\.[A-Za-z0-9]+)+)['`]/g)) {
        if (!isKeyLike(key!)) continue;
        found += 1;
        if (at(esParticipate, key!) === undefined) missing.push(`${file}: ${key}`);
      }
      for (const [, prefix] of text.matchAll(/`([a-z][A-Za-z]*(?:\.[A-Za-z0-9]+)*)\.\$\{/g)) {
        if (!isKeyLike(prefix!)) continue;
        found += 1;
        if (typeof at(esParticipate, prefix!) !== 'object') missing.push(`${file}: ${prefix}.…`);
      }
    }
    expect(missing).toEqual([]);
    // The scan does see the flow's keys (a broken pattern would pass with none).
    expect(found).toBeGreaterThan(150);
  });
});
