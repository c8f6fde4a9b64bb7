/** The copy-invite button: writes origin + /participate/{id}, shows the copied/failed label for 2 s. */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CopyInviteButton, inviteLink } from '@/components/copy-invite-button';

function mockClipboard(writeText: (text: string) => Promise<void>) {
  const spy = vi.fn(writeText);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText: spy }, configurable: true });
  return spy;
}

describe('copy invite button', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
  });

  it('builds the participate link on this origin', () => {
    expect(inviteLink('abc 1', 'https://lupa.test')).toBe('https://lupa.test/participate/abc%201');
  });

  it("copies the link, says '¡Enlace copiado!' for 2 s and announces it", async () => {
    const writeText = mockClipboard(async () => {});
    render(<CopyInviteButton analysisId="a1" context="Checkout" />);

    const button = screen.getByRole('button', { name: 'Copiar enlace de invitación de Checkout' });
    await act(async () => fireEvent.click(button));

    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/participate/a1`);
    expect(screen.getByRole('button', { name: '¡Enlace copiado!' })).toBe(button);
    expect(screen.getByRole('status').textContent).toBe('¡Enlace copiado!');

    await act(async () => vi.advanceTimersByTime(1999));
    expect(button.textContent).toBe('¡Enlace copiado!');
    await act(async () => vi.advanceTimersByTime(1));
    expect(button.textContent).toContain('Copiar enlace de invitación');
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it("says 'Error al copiar' when the clipboard refuses", async () => {
    mockClipboard(async () => {
      throw new Error('denied');
    });
    render(<CopyInviteButton analysisId="a1" />);

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copiar enlace de invitación' })));
    expect(screen.getByRole('button', { name: 'Error al copiar' })).toBeTruthy();

    await act(async () => vi.advanceTimersByTime(2000));
    expect(screen.getByRole('button', { name: 'Copiar enlace de invitación' })).toBeTruthy();
  });

  it("says 'Error al copiar' without a clipboard at all", async () => {
    render(<CopyInviteButton analysisId="a1" />);
    await act(async () => fireEvent.click(screen.getByRole('button')));
    expect(screen.getByRole('button', { name: 'Error al copiar' })).toBeTruthy();
  });
});

describe('copy invite button width', () => {
  it('reserves the width of every label it can show, without adding them to its text or name', () => {
    render(<CopyInviteButton analysisId="a1" context="Checkout" compact />);
    const button = screen.getByRole('button', { name: 'Copiar enlace de invitación de Checkout' });
    const ghosts = Array.from(button.querySelectorAll('[data-text]'), (ghost) => ghost.getAttribute('data-text'));
    expect(ghosts).toEqual(['Copiar enlace', '¡Enlace copiado!', 'Error al copiar']);
    expect(button.textContent).toBe('Copiar enlace de invitación de Checkout');
  });
});
