import { describe, expect, it } from 'vitest';
import { searchForTab, tabFromSearch } from '@/features/analysis/lib/analysis-tabs';

describe('analysis tabs in the address', () => {
  it('reads a known tab and falls back to the summary otherwise', () => {
    expect(tabFromSearch(new URLSearchParams('tab=results'))).toBe('results');
    expect(tabFromSearch(new URLSearchParams(''))).toBe('summary');
    expect(tabFromSearch(new URLSearchParams('tab=nope'))).toBe('summary');
    expect(tabFromSearch(new URLSearchParams('tab=RESULTS'))).toBe('summary');
  });

  it('writes a tab, keeping other parameters, and drops it for the summary', () => {
    expect(searchForTab(new URLSearchParams('x=1'), 'share').toString()).toBe('x=1&tab=share');
    expect(searchForTab(new URLSearchParams('tab=share&x=1'), 'summary').toString()).toBe('x=1');
  });
});
