/** The live view's quick note: focused on opening, Enter saves at its moment and announces it, Escape closes, a refusal is shown. */
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, sessionClient } from '@/app/test-utils';
import { QuickNote } from '@/features/entries/components/quick-note';

function open(answer: { status: number; body?: unknown }) {
  const calls = fakeApi((call) =>
    call.url === '/api/v1/entry/e1/notes' && call.method === 'POST' ? answer : undefined,
  );
  const onClose = vi.fn();
  const announce = vi.fn();
  render(
    <QueryClientProvider client={sessionClient()}>
      <QuickNote entryId="e1" atMs={83_000} onClose={onClose} announce={announce} />
    </QueryClientProvider>,
  );
  return { calls, onClose, announce, input: screen.getByRole('textbox', { name: 'Nota rápida en 01:23' }) };
}

const saved = { id: 'n1', atMs: 83_000, endMs: null, title: null, text: 'Duda', tags: [], createdAt: 1, updatedAt: 1 };

describe('QuickNote', () => {
  it('opens focused; Enter saves the line at its moment, announces it and closes', async () => {
    const { calls, onClose, announce, input } = open({ status: 201, body: saved });
    expect(document.activeElement).toBe(input);
    fireEvent.change(input, { target: { value: '  Duda  ' } });
    fireEvent.submit(input.closest('form')!);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({ atMs: 83_000, text: 'Duda' });
    expect(announce).toHaveBeenCalledWith('Nota guardada en 01:23');
  });

  it('closes without a note on Escape or an empty line', () => {
    const { calls, onClose, input } = open({ status: 201, body: saved });
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.submit(input.closest('form')!);
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it("shows the server's refusal and stays open", async () => {
    const { onClose, input } = open({ status: 500, body: { message: 'Algo falló', code: 'internal' } });
    fireEvent.change(input, { target: { value: 'Duda' } });
    fireEvent.submit(input.closest('form')!);
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(onClose).not.toHaveBeenCalled();
  });
});
