/**
 * The live view's picture: the participant's screen (fed by `LiveFeed` through MSE, with no native
 * controls since the live control bar replaces them, issue 45) and their camera in a corner when
 * they share it. Both start muted: a browser plays sound only after the researcher acted on the
 * page ('Activar sonido' unmutes the screen through `useLivePlayback`); the camera has no sound.
 */
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { QualityNote } from '@/features/entries/components/quality-note';
import type { LiveSegmentDto } from '@/lib/api-types/LiveSegmentDto';

interface LiveStageProps {
  videoRef: RefObject<HTMLVideoElement | null>;
  cameraRef: RefObject<HTMLVideoElement | null>;
  segment: LiveSegmentDto | null | undefined;
  camera: boolean;
  /** The picture moved, played or paused. */
  onChange: () => void;
}

export function LiveStage({ videoRef, cameraRef, segment, camera, onChange }: LiveStageProps) {
  const { t } = useTranslation();
  return (
    <div className="live-view__stage">
      <video
        ref={videoRef}
        className="live-view__video"
        data-testid="live-video"
        data-offset-ms={segment?.offsetMs ?? 0}
        data-mime={segment?.mime}
        data-opened-at={segment?.openedAt ?? 0}
        aria-label={t('live.video')}
        muted
        playsInline
        onTimeUpdate={onChange}
        onPlay={onChange}
        onPause={onChange}
      />
      <video
        ref={cameraRef}
        className="live-view__camera"
        data-testid="live-camera"
        aria-label={t('live.camera')}
        hidden={!camera}
        muted
        playsInline
      />
      <QualityNote tier={segment?.tier ?? 0} side="left" />
    </div>
  );
}
