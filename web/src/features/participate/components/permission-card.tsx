/**
 * One permission card ('Pantalla', 'Micrófono' or 'Cámara') with its state: 'Concedido' or
 * 'Pendiente'. The camera card (ADR 0008) passes its own class and a body (preview, button, notice).
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Check, Clock, Mic, Monitor, Video } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import type { PermissionStatus } from '@/features/participate/stores/participation-state';

interface PermissionCardProps {
  name: string;
  description: string;
  status: PermissionStatus;
  icon: 'screen' | 'microphone' | 'camera';
  /** Added after `permission-card`. */
  className?: string;
  /** Shown after the badge. */
  children?: ReactNode;
}

const ICONS = { screen: Monitor, microphone: Mic, camera: Video };

export function PermissionCard({ name, description, status, icon, className, children }: PermissionCardProps) {
  const { t } = useTranslation();
  const granted = status === 'granted';
  const Icon = ICONS[icon];
  return (
    <li
      className={className ? `permission-card ${className}` : 'permission-card'}
      data-status={status}
      aria-busy={status === 'requesting' || undefined}
    >
      <span className="permission-card__icon">
        <Icon size={26} aria-hidden="true" focusable="false" />
      </span>
      <div className="permission-card__text">
        <h2 className="permission-card__name">{name}</h2>
        <p className="permission-card__description">{description}</p>
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
      {children}
    </li>
  );
}
