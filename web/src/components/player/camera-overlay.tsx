/**
 * The participant's camera as a picture-in-picture over the screen recording. It sits in one of
 * the four corners: drag it (it lands in the nearest corner) or focus its move handle and use the
 * arrow keys. 'Ocultar cámara' hides it (the control bar shows it again). Its two <video>
 * elements belong to the player engine, which keeps them on the screen's clock; the standby one
 * preloads the next segment's camera file.
 */
import { useRef, useState, type PointerEvent as ReactPointerEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { EyeOff, Move } from 'lucide-react';
import { Tooltip } from '@/components/ui/tooltip';
import { cornerAfterKey, nearestCorner, type Corner } from '@/lib/player/camera-sync';
import type { CameraStatus, PlayerEngine } from '@/lib/player/player-engine';
import type { Slot } from '@/lib/player/video-deck';

interface CameraOverlayProps {
  engine: PlayerEngine;
  slot: Slot;
  status: CameraStatus;
  corner: Corner;
  onCorner: (corner: Corner) => void;
  onHide: () => void;
}

export function CameraOverlay({ engine, slot, status, corner, onCorner, onHide }: CameraOverlayProps) {
  const { t } = useTranslation();
  const boxRef = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; y: number; pointer: number } | null>(null);
  const [offset, setOffset] = useState<{ x: number; y: number } | null>(null);

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    // The hide button keeps its click; anywhere else on the picture starts a drag.
    if (event.button !== 0 || (event.target as Element).closest('[data-no-drag]')) return;
    drag.current = { x: event.clientX, y: event.clientY, pointer: event.pointerId };
    event.currentTarget.setPointerCapture(event.pointerId);
    setOffset({ x: 0, y: 0 });
  };

  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    if (!start || start.pointer !== event.pointerId) return;
    setOffset({ x: event.clientX - start.x, y: event.clientY - start.y });
  };

  const onPointerUp = (event: ReactPointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    drag.current = null;
    setOffset(null);
    const box = boxRef.current;
    const stage = box?.parentElement;
    if (!start || !box || !stage) return;
    const area = stage.getBoundingClientRect();
    const rect = box.getBoundingClientRect();
    const centre = { x: rect.left + rect.width / 2 - area.left, y: rect.top + rect.height / 2 - area.top };
    onCorner(nearestCorner(centre.x, centre.y, area.width, area.height));
    event.currentTarget.releasePointerCapture?.(event.pointerId);
  };

  const onMoveKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!event.key.startsWith('Arrow')) return;
    event.preventDefault();
    onCorner(cornerAfterKey(corner, event.key));
  };

  const hidden = status === 'off' || status === 'none';
  return (
    <div
      ref={boxRef}
      className="player-camera"
      data-corner={corner}
      data-dragging={offset ? true : undefined}
      hidden={hidden}
      role="group"
      aria-label={t('entry.player.cameraLabel')}
      data-testid="camera-overlay"
      style={offset ? { translate: `${offset.x}px ${offset.y}px` } : undefined}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      // The picture behind plays and pauses on a click; this one is for dragging.
      onClick={(event) => event.stopPropagation()}
      onDoubleClick={(event) => event.stopPropagation()}
    >
      {([0, 1] as const).map((index) => (
        <video
          key={index}
          ref={engine.cameraRefs[index]}
          className="player-camera__video"
          data-active={index === slot || undefined}
          data-testid={index === slot ? 'camera-video' : undefined}
          muted
          playsInline
          preload="metadata"
          aria-hidden="true"
          tabIndex={-1}
        />
      ))}
      {status === 'ended' ? <p className="player-camera__ended">{t('entry.player.cameraEnded')}</p> : null}
      <div className="player-camera__tools">
        <Tooltip content={t('entry.player.cameraMoveHint')}>
          {(trigger) => (
            <button
              type="button"
              className="player-camera__tool"
              aria-label={t('entry.player.cameraMove')}
              data-owns-arrows
              data-testid="camera-move"
              {...trigger}
              onKeyDown={(event) => {
                trigger.onKeyDown(event);
                onMoveKey(event);
              }}
            >
              <Move aria-hidden="true" size={16} />
            </button>
          )}
        </Tooltip>
        <Tooltip content={t('entry.player.cameraHide')}>
          {(trigger) => (
            <button
              type="button"
              className="player-camera__tool"
              aria-label={t('entry.player.cameraHide')}
              data-no-drag
              onClick={onHide}
              {...trigger}
            >
              <EyeOff aria-hidden="true" size={16} />
            </button>
          )}
        </Tooltip>
      </div>
    </div>
  );
}
