/**
 * The locale files: Spanish and English offer exactly the same keys, each a non-empty string; the
 * participation page's files and the app's never both hold a key (the app merges them, so one
 * would silently hide the other); and the product document's strings are verbatim.
 */
import { describe, expect, it } from 'vitest';
import en from '@/locales/en.json';
import enErrors from '@/locales/en-errors.json';
import esErrors from '@/locales/es-errors.json';
import { ERROR_WORDING } from '@/lib/error-wording';
import enParticipate from '@/locales/en-participate.json';
import esApp from '@/locales/es.json';
import esParticipate from '@/locales/es-participate.json';
import esTerms from '@/locales/es-terms.json';
import { mergeStrings } from '@/lib/i18n';

// The app's Spanish comes in two files (the legal text loads with the terms page).
const esCore = { ...esApp, ...esTerms };

/** "a.b.c" paths of every leaf, or a marker for leaves that are not non-empty strings. */
function leafPaths(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) {
    return value.every((line) => typeof line === 'string' && line.trim() !== '')
      ? [prefix]
      : [`${prefix} (not a non-empty string)`];
  }
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, child]) => leafPaths(child, prefix ? `${prefix}.${key}` : key));
  }
  return typeof value === 'string' && value.trim() !== '' ? [prefix] : [`${prefix} (not a non-empty string)`];
}

describe('locale files', () => {
  it('es and en have identical key sets, for the app and for the participation page', () => {
    expect(leafPaths(en).sort()).toEqual(leafPaths(esCore).sort());
    expect(leafPaths(enParticipate).sort()).toEqual(leafPaths(esParticipate).sort());
  });

  it('no key is both in the participation page files and in the app files', () => {
    const participate = new Set(leafPaths(esParticipate));
    expect(leafPaths(esCore).filter((path) => participate.has(path))).toEqual([]);
  });

  it('every value is a non-empty string', () => {
    for (const paths of [leafPaths(esCore), leafPaths(en), leafPaths(esParticipate), leafPaths(enParticipate)]) {
      expect(paths.filter((path) => path.endsWith('(not a non-empty string)'))).toEqual([]);
    }
  });

  it('merging keeps both files whole and leaves them untouched', () => {
    const merged = mergeStrings([esParticipate, esCore]);
    expect(leafPaths(merged).sort()).toEqual([...leafPaths(esParticipate), ...leafPaths(esCore)].sort());
    expect(merged.header).toMatchObject({ homeLink: 'Lupa, ir a la portada', home: 'Home' });
    expect(Object.keys(esParticipate.header)).toEqual(['homeLink']);
    expect((merged.terms as typeof esTerms.terms).sections.objeto.body).toBe(esTerms.terms.sections.objeto.body);
  });

  it('keeps the product document strings verbatim in Spanish', () => {
    const es = mergeStrings([esParticipate, esCore]) as typeof esParticipate & typeof esCore;
    expect(es.header).toMatchObject({ home: 'Home', terms: 'Terms', faq: 'FAQ' });
    expect(es.header.login).toBe('Iniciar sesión');
    expect(es.header.register).toBe('Registrate gratis');
    expect(es.notFound).toEqual({
      title: 'You have found a secret place.',
      backHome: 'Take me back to home page',
    });
    expect(es.participate.input.idLabel).toBe('ID de Análisis');
    expect(es.participate.input.submit).toBe('Participar');
  });

  it('the error files word exactly the codes with a fixed message, in both languages, and no other file does', () => {
    const fixed = Object.entries(ERROR_WORDING)
      .filter(([, wording]) => wording === 'locale')
      .map(([code]) => `errors.${code}`);
    expect(leafPaths(esErrors).sort()).toEqual(fixed.sort());
    expect(leafPaths(enErrors).sort()).toEqual(fixed.sort());
    const others = new Set([...leafPaths(esCore), ...leafPaths(esParticipate)]);
    expect(fixed.filter((path) => others.has(path))).toEqual([]);
  });
});
