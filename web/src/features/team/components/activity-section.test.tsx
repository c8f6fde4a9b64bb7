/** 'Actividad' on 'Equipo' (ADR 0019): the log's rows, the filters by member and kind, pages and the CSV link. */
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/app/test-utils';
import { ActivitySection } from '@/features/team/components/activity-section';
import type { ActivityDto } from '@/lib/api-types/ActivityDto';
import { createQueryClient } from '@/lib/query-client';

const row = (id: string, kind: string, actorName: string, subject: string): ActivityDto => ({
  id,
  at: Date.UTC(2026, 10, 28, 9, 30),
  kind,
  actorId: actorName === 'Ana' ? 'u1' : 'u2',
  actorName,
  subjectId: 's',
  subject,
});

function logApi() {
  return fakeApi((call) => {
    if (!call.url.startsWith('/api/v1/team/activity?')) return undefined;
    const params = new URL(call.url, 'http://x').searchParams;
    const all = [
      row('1', 'recording_watched', 'Ana', 'Tienda · Participante 1'),
      row('2', 'csv_exported', 'Bruno', 'Tienda'),
      ...Array.from({ length: 28 }, (_, i) => row(`x${i}`, 'analysis_created', 'Ana', `Estudio ${i}`)),
    ].filter(
      (r) =>
        (!params.get('actor') || r.actorId === params.get('actor')) &&
        (!params.get('kind') || r.kind === params.get('kind')),
    );
    const page = Number(params.get('page'));
    const size = Number(params.get('pageSize'));
    return {
      status: 200,
      body: {
        entries: all.slice((page - 1) * size, page * size),
        total: all.length,
        page,
        pageSize: size,
        actors: [
          { id: 'u1', name: 'Ana' },
          { id: 'u2', name: 'Bruno' },
        ],
        kinds: ['recording_watched', 'csv_exported', 'analysis_created'],
      },
    };
  });
}

const renderSection = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ActivitySection load />
    </QueryClientProvider>,
  );

describe('activity section', () => {
  it('lists who did what, filters by member and kind (back to page 1), pages, and exports what is filtered', async () => {
    const calls = logApi();
    renderSection();
    const table = await screen.findByTestId('team-activity');
    const first = within(table).getAllByTestId('activity-row')[0] as HTMLElement;
    expect(first.textContent).toContain('Ana');
    expect(first.textContent).toContain('Grabación vista');
    expect(first.textContent).toContain('Tienda · Participante 1');
    expect(screen.getByTestId('pagination-status').textContent).toBe('Página 1 de 2');

    fireEvent.click(screen.getByRole('button', { name: /Siguiente/ }));
    await waitFor(() => expect(screen.getByTestId('pagination-status').textContent).toBe('Página 2 de 2'));
    expect(calls.at(-1)?.url).toBe('/api/v1/team/activity?page=2&pageSize=25');

    fireEvent.change(screen.getByLabelText('Miembro'), { target: { value: 'u2' } });
    await waitFor(() => expect(screen.getAllByTestId('activity-row')).toHaveLength(1));
    expect(calls.at(-1)?.url).toBe('/api/v1/team/activity?page=1&pageSize=25&actor=u2');
    expect(screen.getByTestId('activity-row').textContent).toContain('CSV exportado');
    expect(screen.getByRole('link', { name: 'Exportar CSV' }).getAttribute('href')).toBe(
      '/api/v1/team/activity/export?actor=u2',
    );

    fireEvent.change(screen.getByLabelText('Tipo'), { target: { value: 'recording_watched' } });
    expect(await screen.findByText('No hay actividad con estos filtros.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Exportar CSV' }).getAttribute('href')).toBe(
      '/api/v1/team/activity/export?actor=u2&kind=recording_watched',
    );
  });

  it('asks for nothing until its tab is opened', () => {
    const calls = logApi();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <ActivitySection load={false} />
      </QueryClientProvider>,
    );
    expect(calls).toHaveLength(0);
  });
});
