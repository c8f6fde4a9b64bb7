/** The FAQ accordion: nine native buttons wired with aria-expanded/aria-controls, arrow-key navigation. */
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FaqAccordion } from '@/features/marketing/components/faq-accordion';

function questions() {
  return screen.getAllByRole<HTMLButtonElement>('button');
}

const panelOf = (button: HTMLElement) => document.getElementById(button.getAttribute('aria-controls')!)!;

describe('FAQ accordion', () => {
  it('renders the nine spec questions collapsed, as native buttons inside headings', () => {
    render(<FaqAccordion headingLevel={2} />);

    const buttons = questions();
    expect(buttons).toHaveLength(9);
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(9);
    for (const button of buttons) {
      // Native <button type="button">: Enter and Space activate it in every browser.
      expect(button.tagName).toBe('BUTTON');
      expect(button.type).toBe('button');
      expect(button.getAttribute('aria-expanded')).toBe('false');
      expect(panelOf(button).hidden).toBe(true);
    }
    expect(buttons[5]!.textContent).toBe('¿Cuántos participantes necesito?');
    expect(panelOf(buttons[5]!).textContent).toContain('85 %');
    expect(panelOf(buttons[7]!).textContent).toContain('Todavía no');
  });

  it('toggles one answer open and closed, independently of the others', () => {
    render(<FaqAccordion headingLevel={3} />);
    const [first, second] = questions();

    fireEvent.click(first!);
    expect(first!.getAttribute('aria-expanded')).toBe('true');
    expect(panelOf(first!).hidden).toBe(false);
    expect(panelOf(first!).textContent).toContain('beta');

    fireEvent.click(second!);
    expect(first!.getAttribute('aria-expanded')).toBe('true');
    expect(second!.getAttribute('aria-expanded')).toBe('true');

    fireEvent.click(first!);
    expect(first!.getAttribute('aria-expanded')).toBe('false');
    expect(panelOf(first!).hidden).toBe(true);
    expect(second!.getAttribute('aria-expanded')).toBe('true');
  });

  it('moves focus with ArrowDown/ArrowUp (wrapping), Home and End', () => {
    render(<FaqAccordion headingLevel={2} />);
    const buttons = questions();
    buttons[0]!.focus();

    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(buttons[1]);
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(buttons[8]);
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(buttons[0]);
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(document.activeElement).toBe(buttons[8]);
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    expect(document.activeElement).toBe(buttons[0]);
  });

  it('leaves Enter and Space to the native button and other keys alone', () => {
    render(<FaqAccordion headingLevel={2} />);
    const [first] = questions();
    first!.focus();

    for (const key of ['Enter', ' ', 'Tab', 'a']) {
      // Not prevented, so the browser's own activation (a click) and tabbing still happen.
      expect(fireEvent.keyDown(first!, { key })).toBe(true);
    }
    expect(fireEvent.keyDown(first!, { key: 'ArrowDown' })).toBe(false);
  });
});
