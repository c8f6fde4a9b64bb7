/**
 * The live view's picture says when the segment on screen was recorded at a reduced quality tier
 * (issue 48), as the recorded player does, and says nothing at the product's rates.
 */
import { render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '@/app/providers';
import { LiveStage } from '@/features/entries/components/live-stage';
import type { LiveSegmentDto } from '@/lib/api-types/LiveSegmentDto';

const NOTE = 'Grabado con calidad reducida (conexión lenta)';

const segment = (tier: number | undefined): LiveSegmentDto => ({
  seq: 1,
  track: 'screen',
  mime: 'video/webm;codecs=vp9,opus',
  offsetMs: 0,
  openedAt: 1_700_000_000_000,
  state: 'open',
  ...(tier === undefined ? {} : { tier }),
  chunks: [],
});

function stage(tier: number | undefined) {
  render(
    <AppProviders>
      <LiveStage
        videoRef={createRef()}
        cameraRef={createRef()}
        segment={segment(tier)}
        camera={false}
        onChange={() => undefined}
      />
    </AppProviders>,
  );
}

describe('live stage', () => {
  it('says the picture was recorded at a reduced quality while a lower-tier segment plays', () => {
    stage(2);
    expect(screen.getByTestId('player-quality').textContent).toBe(NOTE);
  });

  it('says nothing for a segment at the product rates', () => {
    stage(0);
    expect(screen.queryByText(NOTE)).toBeNull();
  });

  it('says nothing from a recorder that reports no tier', () => {
    stage(undefined);
    expect(screen.queryByText(NOTE)).toBeNull();
  });
});
