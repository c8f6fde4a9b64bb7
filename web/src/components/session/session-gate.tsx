/**
 * Renders its children only for a signed-in user: a spinner while the session loads, a redirect to
 * /auth/login (replacing the history entry) when there is none or it cannot be checked.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { useSession } from '@/components/session/use-session';
import { LoadingStatus } from '@/components/ui/loading-status';
import { paths } from '@/config/paths';
import type { UserDto } from '@/lib/api-types/UserDto';

interface SessionGateProps {
  children: (user: UserDto) => ReactNode;
}

export function SessionGate({ children }: SessionGateProps) {
  const { t } = useTranslation();
  const session = useSession();

  if (session.isPending) {
    return <LoadingStatus label={t('shell.checkingSession')} testId="session-loading" />;
  }
  if (session.isError) return <Navigate to={paths.auth.login} replace />;
  return children(session.data.user);
}
