/** One permission card ('Pantalla' or 'Micrófono') with its state: 'Concedido' or 'Pendiente'. */
import { useTranslation } from 'react-i18next';
import type { PermissionStatus } from '@/features/participate/stores/participation-state';

interface PermissionCardProps {
  name: string;
  description: string;
  status: PermissionStatus;
  icon: 'screen' | 'microphone';
}

function Icon({ kind }: { kind: 'screen' | 'microphone' }) {
  return kind === 'screen' ? (
    <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
      <rect x="2.5" y="4" width="19" height="12.5" rx="2" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <path d="M8 20h8M12 16.5V20" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  ) : (
    <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
      <rect x="9" y="3" width="6" height="11" rx="3" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <path d="M5.5 11a6.5 6.5 0 0 0 13 0M12 17.5V21" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  );
}

export function PermissionCard({ name, description, status, icon }: PermissionCardProps) {
  const { t } = useTranslation();
  const granted = status === 'granted';
  return (
    <li className="permission-card" data-status={status} aria-busy={status === 'requesting' || undefined}>
      <span className="permission-card__icon">
        <Icon kind={icon} />
      </span>
      <div className="permission-card__text">
        <h2 className="permission-card__name">{name}</h2>
        <p className="permission-card__description">{description}</p>
      </div>
      <span className={`permission-badge permission-badge--${granted ? 'granted' : 'pending'}`}>
        <span aria-hidden="true">{granted ? '✓ ' : ''}</span>
        {granted ? t('participate.permissions.granted') : t('participate.permissions.pending')}
      </span>
    </li>
  );
}
