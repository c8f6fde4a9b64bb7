/**
 * A live segment that moves on the timeline (ADR 0016: an earlier segment grew late, from chunks a
 * reloaded tab left): the feed playing it takes the new offset, which places the live player's
 * position, notes and answers where the recorded player will show them; other segments' moves
 * change nothing, and the camera's feed follows its own segment of the same number.
 */
import { describe, expect, it } from 'vitest';
import { play } from '@/features/entries/hooks/use-live';
import { LiveFeed } from '@/features/entries/lib/live-feed';
import type { LiveSegmentDto } from '@/lib/api-types/LiveSegmentDto';

const segment = (seq: number, track: string, offsetMs: number): LiveSegmentDto => ({
  seq,
  track,
  mime: 'video/mp4',
  offsetMs,
  openedAt: 0,
  state: 'open',
  chunks: [],
});

function feeds() {
  return {
    screen: new LiveFeed(document.createElement('video')),
    camera: new LiveFeed(document.createElement('video')),
  };
}

describe('a moved live segment', () => {
  it('takes the new offset on the feed that plays it', () => {
    const feed = new LiveFeed(document.createElement('video'));
    feed.open(segment(2, 'screen', 5_000));
    feed.moved(2, 6_178);
    expect(feed.current()?.offsetMs).toBe(6_178);
    expect(feed.current()?.seq).toBe(2);
  });

  it('ignores a move of another segment', () => {
    const feed = new LiveFeed(document.createElement('video'));
    feed.open(segment(3, 'screen', 9_000));
    feed.moved(2, 6_178);
    expect(feed.current()?.offsetMs).toBe(9_000);
  });

  it('reaches the screen and the camera from the socket, and a later snapshot keeps the settled offset', () => {
    const f = feeds();
    play(
      {
        type: 'snapshot',
        analysisId: 'a',
        taskCount: 2,
        state: 'active',
        steps: [],
        segments: [segment(1, 'screen', 0), segment(2, 'screen', 5_000), segment(2, 'camera', 5_000)],
      },
      f,
    );
    expect(f.screen.current()?.seq).toBe(2);
    play({ type: 'moved', seq: 2, offsetMs: 6_178 }, f);
    expect(f.screen.current()?.offsetMs).toBe(6_178);
    expect(f.camera.current()?.offsetMs).toBe(6_178);
    // A reconnect's snapshot of the same segment, already settled by the object.
    play(
      {
        type: 'snapshot',
        analysisId: 'a',
        taskCount: 2,
        state: 'active',
        steps: [],
        segments: [segment(1, 'screen', 0), segment(2, 'screen', 6_500)],
      },
      f,
    );
    expect(f.screen.current()?.offsetMs).toBe(6_500);
  });
});
