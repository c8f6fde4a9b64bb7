/**
 * 'Exportar CSV' (issue 45): one button that opens both exports, each a download link with a line
 * saying what it holds; Escape closes it and gives the focus back to the button.
 */
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ExportMenu } from '@/features/analysis/components/export-menu';
import { SessionWrapper } from '@/app/test-utils';

describe('export menu', () => {
  it('opens the two exports under one button, and closes on Escape', () => {
    render(<ExportMenu analysisId="an 1" />, { wrapper: SessionWrapper });
    const button = screen.getByRole('button', { name: 'Exportar CSV' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryAllByRole('link')).toHaveLength(0);

    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const entries = screen.getByRole('link', { name: 'Por participación' });
    expect(entries.getAttribute('href')).toBe('/api/v1/analysis/an%201/export');
    expect(entries.hasAttribute('download')).toBe(true);
    expect(entries).toHaveProperty('textContent', 'Por participación');
    expect(screen.getByRole('link', { name: 'Resumen por tarea' }).getAttribute('href')).toBe(
      '/api/v1/analysis/an%201/export/tasks',
    );

    entries.focus();
    fireEvent.keyDown(entries, { key: 'Escape' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });
});
