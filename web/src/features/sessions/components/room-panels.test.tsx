/** The room's panels (issue 49): the moderator's task control and the team's backchannel. */
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Backchannel } from '@/features/sessions/components/backchannel';
import { TaskControl } from '@/features/sessions/components/task-control';
import { Watchers } from '@/features/sessions/components/watchers';

const TASKS = ['Busca un producto', 'Añádelo al carrito', 'Paga'];

describe('TaskControl', () => {
  it("'Siguiente tarea' moves to the first task, then the next, and stops at the last", () => {
    const onMove = vi.fn();
    const { rerender } = render(<TaskControl tasks={TASKS} current={null} onMove={onMove} />);
    expect(screen.getByText('El participante aún no está en ninguna tarea.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Siguiente tarea' }));
    expect(onMove).toHaveBeenLastCalledWith(0);

    rerender(<TaskControl tasks={TASKS} current={1} onMove={onMove} />);
    expect(screen.getByTestId('room-task').textContent).toBe('Tarea 2 de 3');
    fireEvent.click(screen.getByRole('button', { name: 'Ir a la tarea 1' }));
    expect(onMove).toHaveBeenLastCalledWith(0);
    fireEvent.click(screen.getByRole('button', { name: 'Siguiente tarea' }));
    expect(onMove).toHaveBeenLastCalledWith(2);

    rerender(<TaskControl tasks={TASKS} current={2} onMove={onMove} />);
    expect(screen.getByRole('button', { name: 'Siguiente tarea' })).toHaveProperty('disabled', true);
  });

  it('shows observers the tasks without any button', () => {
    render(<TaskControl tasks={TASKS} current={0} onMove={null} />);
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    expect(screen.getByText('Busca un producto').closest('li')?.getAttribute('aria-current')).toBe('step');
  });
});

describe('Backchannel', () => {
  it('lists the messages in a log and sends a trimmed one, emptying the box once sent', () => {
    const onSend = vi.fn(() => true);
    render(
      <Backchannel
        chat={[{ fromName: 'Óscar', role: 'observer', text: '¿Ha visto el botón?', atMs: 0 }]}
        onSend={onSend}
      />,
    );
    const log = screen.getByRole('log', { name: 'Canal del equipo' });
    expect(within(log).getAllByRole('listitem')).toHaveLength(1);
    const box = screen.getByLabelText('Mensaje para el equipo');
    fireEvent.change(box, { target: { value: '  Pregúntale por el precio  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(onSend).toHaveBeenCalledWith('Pregúntale por el precio');
    expect((box as HTMLInputElement).value).toBe('');
  });

  it('keeps the text when the room could not take it, and sends nothing blank', () => {
    const onSend = vi.fn(() => false);
    render(<Backchannel chat={[]} onSend={onSend} />);
    expect(screen.getByText('Aún no hay mensajes.')).toBeTruthy();
    const box = screen.getByLabelText('Mensaje para el equipo');
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(onSend).not.toHaveBeenCalled();
    fireEvent.change(box, { target: { value: 'Hola' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect((box as HTMLInputElement).value).toBe('Hola');
  });
});

describe('Watchers', () => {
  it('names who is watching, or says nobody is', () => {
    const { rerender } = render(<Watchers observers={[]} />);
    expect(screen.getByText('Nadie más está mirando.')).toBeTruthy();
    rerender(<Watchers observers={[{ peerId: 'o', role: 'observer', name: 'Óscar' }]} />);
    expect(within(screen.getByTestId('watchers')).getByText('Óscar')).toBeTruthy();
  });
});
