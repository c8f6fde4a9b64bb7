/**
 * A playlist clip (ADR 0012) as the player engine plays it: the files that overlap the clip, on a
 * timeline that starts where the first of them starts on the entry's timeline, and the clip's range
 * on that timeline.
 */
import type { EngineSegment } from '@/lib/player/player-engine';
import { playbackUrl } from '@/lib/player/playback-url';
import type { PlaylistSegmentDto } from '@/lib/api-types/PlaylistSegmentDto';

export interface PlayableClip {
  startMs: number;
  endMs: number;
  segments: readonly PlaylistSegmentDto[];
}

export function clipTimeline(clip: PlayableClip): { segments: EngineSegment[]; startMs: number; endMs: number } {
  const base = clip.segments[0]?.offsetMs ?? 0;
  return {
    segments: clip.segments.map((segment) => ({
      url: playbackUrl(segment.url),
      durationMs: segment.durationMs,
      cameraUrl: segment.cameraUrl ? playbackUrl(segment.cameraUrl) : null,
      cameraOffsetMs: segment.cameraOffsetMs,
    })),
    startMs: Math.max(0, clip.startMs - base),
    endMs: Math.max(0, clip.endMs - base),
  };
}
