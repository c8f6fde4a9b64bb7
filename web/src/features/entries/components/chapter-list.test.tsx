/** The 'Tasks' chapter list: a step never reached carries a 'no alcanzado' status badge and cannot be chosen. */
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ChapterList } from '@/features/entries/components/chapter-list';

describe('chapter list', () => {
  it('marks a step never reached with a badge and ignores clicks on it', () => {
    const onSelect = vi.fn();
    render(
      <ChapterList
        chapters={[
          { index: 2, kind: 'task', title: 'Task 1', startMs: 0, spentMs: 3_000 },
          { index: 3, kind: 'task', title: 'Task 2', startMs: null, spentMs: 0 },
        ]}
        texts={{ scenario: null, url: null, tasks: ['Busca', 'Compra'] }}
        currentIndex={2}
        onSelect={onSelect}
      />,
    );
    const missed = screen.getByRole('button', { name: /Task 2/ });
    const badge = missed.querySelector('.badge');
    expect(badge?.textContent).toBe('no alcanzado');
    expect(missed.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(missed);
    expect(onSelect).not.toHaveBeenCalled();

    const reached = screen.getByRole('button', { name: /Task 1/ });
    expect(reached.querySelector('.badge')).toBeNull();
    expect(reached.getAttribute('aria-current')).toBe('step');
    fireEvent.click(reached);
    expect(onSelect).toHaveBeenCalledTimes(1);
  });
});
