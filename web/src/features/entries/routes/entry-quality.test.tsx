/**
 * The player's note on a segment recorded at a reduced quality tier (issue 48), on the real entry
 * page: 'Grabado con calidad reducida (conexión lenta)' over the picture while such a segment
 * plays, and never while a tier-0 one does.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { anAnalysis, anEntry, fakeApi, renderApp, signedInCustomer } from '@/app/test-utils';

const NOTE = 'Grabado con calidad reducida (conexión lenta)';

const segment = (n: number, durationMs: number, tier: number) => ({
  url: `/api/v1/recordings/e1/${n}?expires=4102444800000&sig=s${n}`,
  durationMs,
  cameraUrl: null,
  cameraOffsetMs: 0,
  tier,
});

/** A recording of a 10 s segment and an 8 s one, at these tiers, with a chapter in each. */
function api(tiers: [number, number]) {
  const entry = anEntry({
    segments: [segment(1, 10_000, tiers[0]), segment(2, 8_000, tiers[1])],
    steps: [
      { index: 0, atMs: 0 },
      { index: 2, atMs: 12_000 },
    ],
    chapters: [
      { index: 0, kind: 'scenario', title: 'Escenario', startMs: 0, spentMs: 12_000 },
      { index: 2, kind: 'task', title: 'Task 1', startMs: 12_000, spentMs: 6_000 },
    ],
  });
  const analysis = anAnalysis({ AnalysisEntries: [{ id: 'e1', status: 'submitted', updated_at: 1 }] });
  fakeApi((call) => {
    if (call.url === '/api/v1/entry/e1' && call.method === 'GET') return { status: 200, body: entry };
    if (call.url === '/api/v1/entry/e1/notes' && call.method === 'GET') return { status: 200, body: { notes: [] } };
    if (call.url === '/api/v1/analysis/an-1' && call.method === 'GET')
      return { status: 200, body: { analysisData: analysis } };
    return signedInCustomer(call.url);
  });
}

async function openPage() {
  renderApp('/entry/e1');
  // The chapters are in the 'Tareas' tab (the side panel opens on 'Notas', ADR 0015).
  fireEvent.click(await screen.findByRole('tab', { name: 'Tareas' }, { timeout: 10_000 }));
  await screen.findByRole('heading', { name: 'Tasks' });
}

const chapter = (title: string) =>
  within(screen.getByTestId('entry-chapters')).getByRole('button', { name: new RegExp(`^${title}\\b`) });
const player = () => within(screen.getByTestId('player'));

beforeEach(() => {
  localStorage.clear();
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
});

describe('reduced recording quality in the player', { timeout: 15_000 }, () => {
  it('notes a reduced-quality segment over the picture while it plays, and not a full-quality one', async () => {
    api([0, 2]);
    await openPage();
    // The first segment is tier 0: no note.
    expect(player().queryByText(NOTE)).toBeNull();

    // Into the second segment (tier 2), playing: the note is over the picture, in words.
    fireEvent.click(chapter('Task 1'));
    const note = await player().findByText(NOTE);
    expect(note.closest('.player__frame')).not.toBeNull();
    expect(screen.getByTestId('player-quality').getAttribute('data-side')).toBe('left');

    // Back in the first segment, it goes.
    fireEvent.click(chapter('Escenario'));
    await waitFor(() => expect(player().queryByText(NOTE)).toBeNull());
  });

  it('never shows the note for a recording made at full quality', async () => {
    api([0, 0]);
    await openPage();
    fireEvent.click(chapter('Task 1'));
    await waitFor(() => expect(screen.getByTestId('player-time').textContent).toContain('00:12'));
    expect(screen.queryByText(NOTE)).toBeNull();
  });
});
