/**
 * The public pages' script on the markup the build serves: the header menu, the FAQ accordion,
 * the demo poster, and the language switch (English fetched only when wanted, what the visitor did
 * kept across the switch, a choice remembered).
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '@/config/constants';
import { startSite } from '@/site/start';
import { serveEnglish, servePage } from '@/site/test-utils';

const questions = () => within(screen.getByRole('main')).getAllByRole<HTMLButtonElement>('button');
const panelOf = (button: HTMLElement) => document.getElementById(button.getAttribute('aria-controls')!)!;

describe('public page script', () => {
  it('marks the page interactive and shows the demo poster', async () => {
    await servePage('/');
    const video = document.querySelector('video')!;
    expect(video.getAttribute('poster')).toBeNull();

    startSite();

    expect(document.documentElement.dataset.interactive).toBe('true');
    // jsdom has no IntersectionObserver: there is nothing to wait for.
    expect(video.getAttribute('poster')).toBe('/demo/lupa-demo-poster.webp');
  });

  it('opens and closes the header menu, with its label in step', async () => {
    await servePage('/home');
    startSite();
    const toggle = screen.getByRole('button', { name: 'Abrir menú' });
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(panel.dataset.open).toBe('false');

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(panel.dataset.open).toBe('true');
    expect(screen.getByRole('button', { name: 'Cerrar menú' })).toBe(toggle);

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(panel.dataset.open).toBe('false');
  });

  describe('FAQ accordion', () => {
    it('serves the nine questions collapsed, as native buttons inside headings', async () => {
      await servePage('/preguntas-frecuentes');
      startSite();
      const buttons = questions();
      expect(buttons).toHaveLength(9);
      expect(within(screen.getByRole('main')).getAllByRole('heading', { level: 2 })).toHaveLength(9);
      for (const button of buttons) {
        // Native <button type="button">: Enter and Space activate it in every browser.
        expect(button.type).toBe('button');
        expect(button.getAttribute('aria-expanded')).toBe('false');
        expect(panelOf(button).hidden).toBe(true);
      }
      expect(buttons[5]!.textContent).toBe('¿Cuántos participantes necesito?');
      expect(panelOf(buttons[5]!).textContent).toContain('85 %');
    });

    it('toggles one answer open and closed, independently of the others', async () => {
      await servePage('/');
      startSite();
      const [first, second] = questions().filter((button) => button.closest('.faq-accordion'));

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

    it('moves focus with ArrowDown/ArrowUp (wrapping), Home and End, and leaves other keys alone', async () => {
      await servePage('/preguntas-frecuentes');
      startSite();
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

      for (const key of ['Enter', ' ', 'Tab', 'a']) {
        // Not prevented, so the browser's own activation (a click) and tabbing still happen.
        expect(fireEvent.keyDown(buttons[0]!, { key })).toBe(true);
      }
      expect(fireEvent.keyDown(buttons[0]!, { key: 'ArrowDown' })).toBe(false);
    });
  });

  describe('language', () => {
    it('fetches English only when picked, and keeps open answers, typed values and focus', async () => {
      const { english } = await servePage('/');
      const fetchMock = serveEnglish(english);
      startSite();
      expect(fetchMock).not.toHaveBeenCalled();

      const faq = screen.getByRole('region', { name: 'Preguntas frecuentes' });
      fireEvent.click(within(faq).getAllByRole('button')[2]!);
      fireEvent.input(screen.getByLabelText('Correo electrónico'), { target: { value: 'ana@lupa.example' } });
      const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Idioma' });
      select.focus();
      fireEvent.change(select, { target: { value: 'en' } });

      expect(await screen.findByRole('heading', { level: 1, name: 'Quality feedback, in minutes' })).toBeTruthy();
      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/auth/login');
      expect(document.title).toBe('Quality feedback, in minutes · Lupa');
      expect(document.querySelector<HTMLMetaElement>('meta[name="description"]')!.content).toContain(
        'Remote usability testing',
      );
      expect(document.documentElement.lang).toBe('en');
      expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
      const switched = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Language' });
      expect(switched.value).toBe('en');
      expect(document.activeElement).toBe(switched);
      const englishFaq = screen.getByRole('region', { name: 'Frequently asked questions' });
      expect(
        within(englishFaq)
          .getAllByRole('button')
          .map((b) => b.getAttribute('aria-expanded')),
      ).toEqual(['false', 'false', 'true', 'false', 'false', 'false', 'false', 'false', 'false']);
      expect(screen.getByLabelText<HTMLInputElement>('E-mail').value).toBe('ana@lupa.example');

      // The new content works, and Spanish comes back from memory.
      fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
      expect(screen.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded')).toBe('true');
      fireEvent.change(switched, { target: { value: 'es' } });
      expect(await screen.findByRole('heading', { level: 1, name: 'Feedback de calidad, en minutos' })).toBeTruthy();
      expect(document.documentElement.lang).toBe('es');
      expect(document.title).toBe('Feedback de calidad, en minutos · Lupa');
      expect(fetchMock).toHaveBeenCalledTimes(1);
    });

    it('shows a remembered English at once, and a choice made before the script ran', async () => {
      const { english } = await servePage('/terminos-condiciones');
      serveEnglish(english);
      window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
      startSite();
      expect(await screen.findByRole('heading', { level: 1, name: 'Terms and conditions' })).toBeTruthy();

      window.localStorage.clear();
      const again = await servePage('/preguntas-frecuentes');
      serveEnglish(again.english);
      fireEvent.change(screen.getByRole('combobox', { name: 'Idioma' }), { target: { value: 'en' } });
      startSite();
      expect(await screen.findByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeTruthy();
    });

    it('stays in Spanish, and says so in the switch, when English cannot be fetched', async () => {
      await servePage('/');
      const fetchMock = serveEnglish('fail');
      startSite();
      const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Idioma' });
      fireEvent.change(select, { target: { value: 'en' } });

      await waitFor(() => expect(select.value).toBe('es'));
      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(screen.getByRole('heading', { level: 1, name: 'Feedback de calidad, en minutos' })).toBeTruthy();
      expect(document.documentElement.lang).toBe('es');
    });
  });
});
