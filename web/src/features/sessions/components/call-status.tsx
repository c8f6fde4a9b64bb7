/** The call's state in one polite live region ('Reconectando…' when the call is lost). */
import { useTranslation } from 'react-i18next';
import type { CallSnapshot } from '@/lib/call/call-client';

const ENDED: Record<number, 'moderated.status.replaced' | 'moderated.status.revoked' | 'moderated.status.deleted'> = {
  4000: 'moderated.status.replaced',
  4403: 'moderated.status.revoked',
  4404: 'moderated.status.deleted',
};

export function CallStatus({ snapshot, waitingFor }: { snapshot: CallSnapshot | null; waitingFor: boolean }) {
  const { t } = useTranslation();
  const health = snapshot?.health ?? 'connecting';
  let text: string;
  if (health === 'ended')
    text = t((snapshot?.closeCode ? ENDED[snapshot.closeCode] : undefined) ?? 'moderated.status.ended');
  else if (health === 'waiting' || (health !== 'reconnecting' && waitingFor)) text = t('moderated.status.waiting');
  else text = t(`moderated.status.${health}`);
  return (
    <p className={`call-status call-status--${health}`} role="status" data-testid="call-status">
      {text}
    </p>
  );
}
