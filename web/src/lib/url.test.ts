/** withHttps: the scheme researchers leave out is added, and one they wrote is kept. */
import { describe, expect, it } from 'vitest';
import { withHttps } from '@/lib/url';

describe('withHttps', () => {
  it('adds https:// only when no http(s) scheme is given', () => {
    expect(withHttps('example.com')).toBe('https://example.com');
    expect(withHttps(' www.example.com/a ')).toBe('https://www.example.com/a');
    expect(withHttps('  www.example.com/a?b=1 ')).toBe('https://www.example.com/a?b=1');
    expect(withHttps('http://example.com')).toBe('http://example.com');
    expect(withHttps('HTTPS://Example.com')).toBe('HTTPS://Example.com');
  });
});
