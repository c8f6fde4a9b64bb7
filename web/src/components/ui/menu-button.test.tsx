/** The menu button: opened by click or Down, moved through with the arrows, closed by Escape, Tab or a click elsewhere. */
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MenuButton } from '@/components/ui/menu-button';

function renderMenu() {
  const edit = vi.fn();
  const remove = vi.fn();
  render(
    <>
      <MenuButton
        label="Más acciones"
        items={[
          { key: 'edit', label: 'Editar', onSelect: edit },
          { key: 'delete', label: 'Eliminar', name: 'Eliminar la nota de 00:03', danger: true, onSelect: remove },
        ]}
      >
        …
      </MenuButton>
      <p>Fuera</p>
    </>,
  );
  return { edit, remove, button: screen.getByRole('button', { name: 'Más acciones' }) };
}

describe('menu button', () => {
  it('opens on the focus of its first item, moves with the arrows (wrapping) and closes with Escape', () => {
    const { button } = renderMenu();
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(screen.queryByRole('menu')).toBeNull();

    fireEvent.keyDown(button, { key: 'ArrowDown' });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const [edit, remove] = screen.getAllByRole('menuitem');
    expect(document.activeElement).toBe(edit);
    expect(remove?.getAttribute('aria-label')).toBe('Eliminar la nota de 00:03');
    fireEvent.keyDown(edit!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(remove);
    fireEvent.keyDown(remove!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(edit);
    fireEvent.keyDown(edit!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(remove);
    fireEvent.keyDown(remove!, { key: 'Home' });
    expect(document.activeElement).toBe(edit);

    fireEvent.keyDown(edit!, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });

  it('runs the chosen item once and closes; Tab and a click elsewhere close it without choosing', () => {
    const { button, edit, remove } = renderMenu();
    fireEvent.click(button);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Eliminar la nota de 00:03' }));
    expect(remove).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);

    fireEvent.click(button);
    fireEvent.keyDown(screen.getByRole('menuitem', { name: 'Editar' }), { key: 'Tab' });
    expect(screen.queryByRole('menu')).toBeNull();

    fireEvent.click(button);
    fireEvent.pointerDown(screen.getByText('Fuera'));
    expect(screen.queryByRole('menu')).toBeNull();
    expect(edit).not.toHaveBeenCalled();
  });
});
