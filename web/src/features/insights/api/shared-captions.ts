/**
 * A shared recording's or clip's captions (ADR 0018): the WebVTT file the share's answer points to
 * (a signed URL on our API, read as a same-origin path like the recordings), as cues on the
 * recording's timeline. Fetched once per URL, with a plain effect rather than the query cache: the
 * clip player also plays in reels rendered outside it. Captions that cannot be read leave the video
 * without them.
 */
import { useEffect, useState } from 'react';
import { API_BASE_PATH } from '@/config/constants';
import { parseVtt, type Cue } from '@/lib/player/captions';

/** The API's absolute URL as a same-origin path (the app and the API share one origin). */
export function sameOriginPath(url: string, origin: string = window.location.origin): string {
  try {
    const parsed = new URL(url, origin);
    return parsed.pathname.startsWith(`${API_BASE_PATH}/`) ? `${parsed.pathname}${parsed.search}` : parsed.href;
  } catch {
    return url;
  }
}

async function fetchCues(url: string, signal: AbortSignal) {
  const response = await fetch(sameOriginPath(url), { signal, credentials: 'same-origin' });
  if (!response.ok) throw new Error(`captions: ${response.status}`);
  return parseVtt(await response.text());
}

export function useSharedCaptions(url: string | null | undefined): Cue[] | null {
  const [cues, setCues] = useState<{ url: string; cues: Cue[] } | null>(null);
  useEffect(() => {
    if (!url) return undefined;
    const controller = new AbortController();
    fetchCues(url, controller.signal).then(
      (read) => setCues({ url, cues: read }),
      () => setCues(null),
    );
    return () => controller.abort();
  }, [url]);
  return cues && cues.url === url ? cues.cues : null;
}
