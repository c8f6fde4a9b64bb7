/** Loads the recorder wasm on demand and reports the MediaRecorder mime type it would record with. */
import { useEffect, useState } from 'react';
import { loadRecorder } from '@/features/participate/lib/load-recorder';

export type RecorderMime =
  | { status: 'loading' }
  /** `mime` is undefined when the browser supports none of the recorder's candidates. */
  | { status: 'ready'; mime: string | undefined }
  | { status: 'error' };

export function useRecorderMime(): RecorderMime {
  const [state, setState] = useState<RecorderMime>({ status: 'loading' });

  useEffect(() => {
    let active = true;
    loadRecorder()
      .then((recorder) => {
        if (active) setState({ status: 'ready', mime: recorder.pickMimeType() });
      })
      .catch(() => {
        if (active) setState({ status: 'error' });
      });
    return () => {
      active = false;
    };
  }, []);

  return state;
}
