/** The loading and failure states shared by the admin lists: a spinner, and an alert with a way out. */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '@/components/alert';
import { LoadingStatus } from '@/components/ui/loading-status';
import { paths } from '@/config/paths';
import { errorText, isRefusal } from '@/features/admin/lib/error-text';

export function AdminLoading({ label }: { label: string }) {
  return <LoadingStatus label={label} testId="admin-loading" />;
}

interface LoadErrorProps {
  error: unknown;
  /** Generic text when the server sent no message of its own. */
  fallback: string;
  onRetry: () => void;
}

/** 401/403 → product §8's refusal with a link to log in again; anything else → message and Retry. */
export function LoadError({ error, fallback, onRetry }: LoadErrorProps) {
  const { t } = useTranslation();
  const refused = isRefusal(error);
  return (
    <Alert tone="error" title={errorText(error, t('admin.refused'), fallback)} testId="admin-load-error">
      {refused ? (
        <p>
          <Link to={paths.auth.login}>{t('admin.loginAgain')}</Link>
        </p>
      ) : (
        <button type="button" className="button button--ghost" onClick={onRetry}>
          {t('admin.retry')}
        </button>
      )}
    </Alert>
  );
}
