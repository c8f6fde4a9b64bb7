/**
 * Captions on the screen videos (ADR 0018): the slot on screen gets a captions track holding the
 * cues of the segment it plays, on that file's clock, shown; switched off, the track is disabled.
 * jsdom has no text tracks, so the browser's addTextTrack and VTTCue are stood in for here.
 */
import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ScreenVideos, type CaptionsSource } from '@/components/player/screen-videos';
import { usePlayer } from '@/components/player/use-player';

interface FakeCue {
  startTime: number;
  endTime: number;
  text: string;
}

class FakeTrack {
  mode: TextTrackMode = 'disabled';
  list: FakeCue[] = [];
  constructor(
    readonly kind: string,
    readonly label: string,
    readonly language: string,
  ) {}
  get cues() {
    return this.mode === 'disabled' ? null : this.list;
  }
  addCue(cue: FakeCue) {
    this.list.push(cue);
  }
  removeCue(cue: FakeCue) {
    this.list = this.list.filter((item) => item !== cue);
  }
}

const added: { video: HTMLVideoElement; track: FakeTrack }[] = [];

beforeEach(() => {
  added.length = 0;
  vi.stubGlobal(
    'VTTCue',
    class {
      constructor(
        public startTime: number,
        public endTime: number,
        public text: string,
      ) {}
    },
  );
  Object.defineProperty(HTMLMediaElement.prototype, 'addTextTrack', {
    configurable: true,
    value(this: HTMLVideoElement, kind: string, label: string, language: string) {
      const track = new FakeTrack(kind, label, language);
      added.push({ video: this, track });
      return track;
    },
  });
});

afterEach(() => {
  delete (HTMLMediaElement.prototype as { addTextTrack?: unknown }).addTextTrack;
  vi.unstubAllGlobals();
});

const segments = [{ url: '/api/v1/recordings/e1/1', durationMs: 10_000, cameraUrl: null, cameraOffsetMs: 0 }];

function Harness({ captions }: { captions: CaptionsSource | null }) {
  const player = usePlayer(segments, 10_000, () => {});
  return <ScreenVideos player={player} preload="metadata" testIdPrefix="t" captions={captions} />;
}

const cues = [
  { startMs: 1_000, endMs: 2_000, text: 'antes' },
  { startMs: 21_000, endMs: 22_500, text: 'No encuentro el botón' },
  { startMs: 40_000, endMs: 41_000, text: 'después' },
];

describe('screen videos: captions', () => {
  it("shows the cues of the file on screen on that file's clock, and disables them when switched off", () => {
    // A clip's file that starts 20 s into the recording's timeline.
    const captions = { cues, offsetsMs: [20_000], durationsMs: [10_000], language: 'es' };
    const view = render(<Harness captions={captions} />);
    const active = view.getByTestId('t-video');
    const track = added.find((item) => item.video === active)?.track;
    expect(track?.kind).toBe('captions');
    expect(track?.language).toBe('es');
    expect(track?.mode).toBe('showing');
    expect(track?.list.map((cue) => [cue.startTime, cue.endTime, cue.text])).toEqual([
      [1, 2.5, 'No encuentro el botón'],
    ]);

    view.rerender(<Harness captions={null} />);
    expect(track?.mode).toBe('disabled');
    // Switched on again, the same track is used (a script cannot remove a track).
    view.rerender(<Harness captions={{ ...captions }} />);
    expect(track?.mode).toBe('showing');
    expect(added.filter((item) => item.video === active)).toHaveLength(1);
    expect(track?.list).toHaveLength(1);
  });

  it('adds no track while captions were never asked for', () => {
    render(<Harness captions={null} />);
    expect(added).toEqual([]);
  });
});
