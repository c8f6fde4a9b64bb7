/** The recording panel's reminders: open for the first minute, then folded, and a click away. */
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RecordingReminders } from '@/features/participate/components/recording-reminders';

const toggle = () => screen.getByRole('button', { name: 'Recordatorios y privacidad' });
/** Whether the first reminder is shown (folded ones stay in the page, under `hidden`). */
const reminderShown = () => !screen.getByText(/Piensa en voz alta/).closest('[hidden]');

describe('recording reminders', () => {
  it('shows the six reminders during the first minute and folds them after it', () => {
    const { rerender } = render(<RecordingReminders elapsedMs={59_000} />);
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('heading', { name: 'Recuerda' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Tu privacidad' })).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(6);
    expect(reminderShown()).toBe(true);

    rerender(<RecordingReminders elapsedMs={60_000} />);
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    expect(reminderShown()).toBe(false);
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
  });

  it('opens with one click after the minute, and the choice outlasts the timer', () => {
    const { rerender } = render(<RecordingReminders elapsedMs={90_000} />);
    fireEvent.click(toggle());
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    expect(screen.getAllByRole('listitem')).toHaveLength(6);
    rerender(<RecordingReminders elapsedMs={120_000} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(6);
  });

  it('a participant who closes them in the first minute keeps them closed', () => {
    const { rerender } = render(<RecordingReminders elapsedMs={5_000} />);
    fireEvent.click(toggle());
    expect(reminderShown()).toBe(false);
    rerender(<RecordingReminders elapsedMs={30_000} />);
    expect(reminderShown()).toBe(false);
    expect(toggle().getAttribute('aria-controls')).toBeTruthy();
  });
});
