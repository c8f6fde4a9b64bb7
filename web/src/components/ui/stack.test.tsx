/** Stack: the element asked for, the gap class, and the caller's props passed through. */
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Stack } from '@/components/ui/stack';

describe('Stack', () => {
  it('renders a div with the default gap', () => {
    render(<Stack data-testid="s">x</Stack>);
    const stack = screen.getByTestId('s');
    expect(stack.tagName).toBe('DIV');
    expect(stack.className).toBe('stack stack--4');
  });

  it('renders the given element with its gap, class and attributes', () => {
    render(
      <Stack as="section" gap={6} className="card" aria-labelledby="t">
        <h2 id="t">Título</h2>
      </Stack>,
    );
    const region = screen.getByRole('region', { name: 'Título' });
    expect(region.tagName).toBe('SECTION');
    expect(region.className).toBe('stack stack--6 card');
  });
});
