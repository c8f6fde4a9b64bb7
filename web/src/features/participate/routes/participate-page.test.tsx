/** The participate placeholder loads the recorder lazily and shows the mime type it picked. */
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ParticipatePage } from '@/features/participate/routes/participate-page';

// Mock the loader, not the wasm package, so this test runs before recorder-wasm/pkg is built.
const { pickMimeType } = vi.hoisted(() => ({ pickMimeType: vi.fn<() => string | undefined>() }));
vi.mock('@/features/participate/lib/load-recorder', () => ({
  loadRecorder: async () => ({ pickMimeType, candidateMimeTypes: () => [] }),
}));

describe('participate page', () => {
  function renderParticipate() {
    const router = createMemoryRouter([{ path: '/participate/:id', Component: ParticipatePage }], {
      initialEntries: ['/participate/abc'],
    });
    render(<RouterProvider router={router} />);
  }

  it('shows the recording format chosen by the recorder', async () => {
    pickMimeType.mockReturnValue('video/mp4;codecs=avc1,mp4a.40.2');
    renderParticipate();

    const line = await screen.findByTestId('recorder-mime');
    expect(line.textContent).toBe('Formato de grabación: video/mp4;codecs=avc1,mp4a.40.2');
  });

  it('says the format is unavailable when the browser supports none', async () => {
    pickMimeType.mockReturnValue(undefined);
    renderParticipate();

    expect((await screen.findByTestId('recorder-mime')).textContent).toBe('Formato de grabación: no disponible');
  });
});
