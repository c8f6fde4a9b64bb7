/**
 * The permissions step's 'Cámara' card (ADR 0008), shown when the analysis records the camera:
 * the same Concedido/Pendiente states as 'Pantalla' and 'Micrófono', its own button to turn the
 * camera on, a small live preview so participants see themselves, and whether it is required.
 */
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Check, Clock, Video } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { BusyButton } from '@/components/ui/busy-button';
import { NoticeAlert } from '@/features/participate/components/notice-alert';
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
  return <video ref={video} className="camera-card__preview" muted autoPlay playsInline aria-label={t('participate.camera.preview')} data-testid="camera-preview" />;
}

export function CameraCard() {
  const { t } = useTranslation();
  const camera = useAtomValue(cameraAtom);
  const request = useSetAtom(requestCameraAtom);
  if (!camera.enabled) return null;
  const granted = camera.status === 'granted';
  const requesting = camera.status === 'requesting';
  return (
    <li className="permission-card camera-card" data-status={camera.status} aria-busy={requesting || undefined}>
      <span className="permission-card__icon">
        <Video size={26} aria-hidden="true" focusable="false" />
      </span>
      <div className="permission-card__text">
        <h2 className="permission-card__name">{t('participate.camera.name')}</h2>
        <p className="permission-card__description">
          {t(camera.required ? 'participate.camera.descriptionRequired' : 'participate.camera.descriptionOptional')}
        </p>
      </div>
      <span className="permission-card__badge">
        {granted ? (
          <Badge tone="success" icon={<Check />}>
            {t('participate.permissions.granted')}
          </Badge>
        ) : (
          <Badge tone="warning" icon={<Clock />}>
            {t('participate.permissions.pending')}
          </Badge>
        )}
      </span>
      <div className="camera-card__body">
        {granted && camera.stream ? <CameraPreview stream={camera.stream} /> : null}
        {!granted ? (
          <BusyButton className="button button--secondary" busy={requesting} onClick={() => void request()}>
            {requesting ? t('participate.permissions.requesting') : t(camera.status === 'denied' ? 'participate.camera.retry' : 'participate.camera.turnOn')}
          </BusyButton>
        ) : null}
        <NoticeAlert notice={camera.notice} testId="permissions-camera-error" tone={camera.required ? 'error' : 'warning'} />
      </div>
    </li>
  );
}
