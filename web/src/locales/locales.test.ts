/** Both locale files must offer exactly the same keys, with a non-empty string for each. */
import { describe, expect, it } from 'vitest';
import en from '@/locales/en.json';
import esCore from '@/locales/es.json';
import esTerms from '@/locales/es-terms.json';

// Spanish comes in two files (the legal text loads with the terms page); together they are es.
const es = { ...esCore, ...esTerms };

/** "a.b.c" paths of every leaf, or a marker for leaves that are not non-empty strings. */
function leafPaths(value: unknown, prefix = ''): string[] {
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, child]) => leafPaths(child, prefix ? `${prefix}.${key}` : key));
  }
  return typeof value === 'string' && value.trim() !== '' ? [prefix] : [`${prefix} (not a non-empty string)`];
}

describe('locale files', () => {
  it('es.json and en.json have identical key sets', () => {
    expect(leafPaths(en).sort()).toEqual(leafPaths(es).sort());
  });

  it('every value is a non-empty string', () => {
    for (const paths of [leafPaths(es), leafPaths(en)]) {
      expect(paths.filter((path) => path.endsWith('(not a non-empty string)'))).toEqual([]);
    }
  });

  it('keeps the spec strings verbatim in Spanish', () => {
    expect(es.header).toMatchObject({ home: 'Home', terms: 'Terms', faq: 'FAQ' });
    expect(es.header.login).toBe('Iniciar sesión');
    expect(es.header.register).toBe('Registrate gratis');
    expect(es.notFound).toEqual({
      title: 'You have found a secret place.',
      backHome: 'Take me back to home page',
    });
  });
});
