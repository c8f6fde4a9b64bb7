/**
 * The permissions step's 'Cámara' card (ADR 0008), shown when the analysis records the camera:
 * the same Concedido/Pendiente states as 'Pantalla' and 'Micrófono', its own button to turn the
 * camera on, a small live preview so participants see themselves, and whether it is required.
 */
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { BusyButton } from '@/components/ui/busy-button';
import { NoticeAlert } from '@/features/participate/components/notice-alert';
import { PermissionCard } from '@/features/participate/components/permission-card';
import { requestCameraAtom } from '@/features/participate/stores/camera-actions';
import { cameraAtom } from '@/features/participate/stores/camera-state';
import '@/features/participate/components/camera-card.css';

/** The camera's picture, mirrored like a mirror; muted (the camera stream has no audio anyway). */
function CameraPreview({ stream }: { stream: MediaStream }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const element = video.current;
    if (!element) return undefined;
    element.srcObject = stream;
    return () => {
      element.srcObject = null;
    };
  }, [stream]);
  return (
    <video
      ref={video}
      className="camera-card__preview"
      muted
      autoPlay
      playsInline
      aria-label={t('participate.camera.preview')}
      data-testid="camera-preview"
    />
  );
}

export function CameraCard() {
  const { t } = useTranslation();
  const camera = useAtomValue(cameraAtom);
  const request = useSetAtom(requestCameraAtom);
  if (!camera.enabled) return null;
  const granted = camera.status === 'granted';
  const requesting = camera.status === 'requesting';
  return (
    <PermissionCard
      icon="camera"
      className="camera-card"
      name={t('participate.camera.name')}
      description={t(
        camera.required ? 'participate.camera.descriptionRequired' : 'participate.camera.descriptionOptional',
      )}
      status={camera.status}
    >
      <div className="camera-card__body">
        {granted && camera.stream ? <CameraPreview stream={camera.stream} /> : null}
        {!granted ? (
          <BusyButton className="button button--secondary" busy={requesting} onClick={() => void request()}>
            {requesting
              ? t('participate.permissions.requesting')
              : t(camera.status === 'denied' ? 'participate.camera.retry' : 'participate.camera.turnOn')}
          </BusyButton>
        ) : null}
        <NoticeAlert
          notice={camera.notice}
          testId="permissions-camera-error"
          tone={camera.required ? 'error' : 'warning'}
        />
      </div>
    </PermissionCard>
  );
}
