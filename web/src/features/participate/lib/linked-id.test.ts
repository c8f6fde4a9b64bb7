/** Reading the invitation link's analysis id from the address, as the router did. */
import { describe, expect, it } from 'vitest';
import { linkedIdFrom } from '@/features/participate/lib/linked-id';

describe('linkedIdFrom', () => {
  it('reads /participate/{id}, decoded, with or without a trailing slash', () => {
    expect(linkedIdFrom('/participate/an-1')).toBe('an-1');
    expect(linkedIdFrom('/participate/an-1/')).toBe('an-1');
    expect(linkedIdFrom('/participate/an%201')).toBe('an 1');
    expect(linkedIdFrom('/participate/%E0%A4%A')).toBe('%E0%A4%A');
  });

  it('is empty for /participate and for paths that are not an invitation link', () => {
    expect(linkedIdFrom('/participate')).toBe('');
    expect(linkedIdFrom('/participate/')).toBe('');
    expect(linkedIdFrom('/participate/a/b')).toBe('');
    expect(linkedIdFrom('/dashboard')).toBe('');
  });
});
