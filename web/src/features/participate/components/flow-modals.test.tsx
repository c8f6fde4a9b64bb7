/** The flow's dialogs on the shared ui Dialog: native <dialog>, who may dismiss them, where focus lands. */
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ConsentModal, ExitModal, StoppedModal, SuccessModal } from '@/features/participate/components/flow-modals';

describe('participation dialogs', () => {
  it('consent: a native modal <dialog>; Escape rejects, but not while the acceptance is being sent', () => {
    const onReject = vi.fn();
    const { rerender } = render(<ConsentModal busy={false} onAccept={vi.fn()} onReject={onReject} />);
    const dialog = screen.getByRole('dialog', { name: 'Confirmación de Seguridad' });
    expect(dialog.tagName).toBe('DIALOG');
    expect(dialog.hasAttribute('open')).toBe(true);
    expect(dialog.contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(onReject).toHaveBeenCalledTimes(1);

    rerender(<ConsentModal busy onAccept={vi.fn()} onReject={onReject} />);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onReject).toHaveBeenCalledTimes(1);
  });

  it('exit: an alertdialog that focuses the safe choice and cancels on Escape', () => {
    const onCancel = vi.fn();
    render(<ExitModal busy={false} onConfirm={vi.fn()} onCancel={onCancel} />);
    const dialog = screen.getByRole('alertdialog', { name: '¿Salir del análisis?' });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Seguir en el análisis' }));
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('stopped: cannot be dismissed by Escape or the backdrop, only by its button', () => {
    const onExit = vi.fn();
    render(<StoppedModal onExit={onExit} />);
    const dialog = screen.getByRole('alertdialog', { name: 'La grabación se ha detenido' });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    fireEvent.mouseDown(dialog);
    expect(onExit).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salir del Análisis' }));
    expect(onExit).toHaveBeenCalledTimes(1);
  });

  it('success: has no controls, so the dialog itself takes focus; Escape closes it early', () => {
    const onDone = vi.fn();
    render(<SuccessModal onDone={onDone} />);
    const dialog = screen.getByRole('dialog', { name: 'Success!' });
    expect(document.activeElement).toBe(dialog);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(onDone).toHaveBeenCalledTimes(1);
  });
});
