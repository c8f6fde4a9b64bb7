/** Shows a flow `Notice` (locale key, values, detail lines) in the shared Alert box. */
import { useTranslation } from 'react-i18next';
import { Alert, type AlertTone } from '@/components/alert';
import type { Notice } from '@/features/participate/lib/errors';

interface NoticeAlertProps {
  notice: Notice | null;
  tone?: AlertTone;
  testId?: string;
  className?: string;
}

export function NoticeAlert({ notice, tone = 'error', testId, className }: NoticeAlertProps) {
  const { t } = useTranslation();
  if (!notice) return null;
  // Keys with and without placeholders share this call; i18next's overloads cannot type that union.
  const translate = t as unknown as (key: string, values?: Record<string, string>) => string;
  return (
    <Alert tone={tone} details={notice.details} testId={testId} className={className}>
      <p>{translate(notice.key, notice.values)}</p>
    </Alert>
  );
}
