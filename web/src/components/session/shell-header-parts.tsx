/**
 * Pieces both signed-in headers share (the app shell and the admin area): who is signed in, and the
 * logout button, which stays focusable but inert while the request is under way.
 */
import { useTranslation } from 'react-i18next';
import { LogOut } from 'lucide-react';
import { BusyButton } from '@/components/ui/busy-button';
import type { useLogout } from '@/components/session/use-logout';

export function SignedInUser({ email }: { email: string }) {
  const { t } = useTranslation();
  return (
    <p className="shell-user">
      <span className="visually-hidden">{t('shell.signedInAs')} </span>
      <span className="shell-user__email" data-testid="shell-user-email" title={email}>
        {email}
      </span>
    </p>
  );
}

interface LogoutButtonProps {
  logout: ReturnType<typeof useLogout>;
  label: string;
  /** Extra classes from the layout that places it (side navigation or admin bar). */
  className?: string;
}

export function LogoutButton({ logout, label, className }: LogoutButtonProps) {
  const { t } = useTranslation();
  return (
    <BusyButton
      className={['shell__logout', className].filter(Boolean).join(' ')}
      busy={logout.isPending}
      onClick={() => logout.mutate()}
    >
      <LogOut aria-hidden="true" size={18} />
      {logout.isPending ? t('shell.loggingOut') : label}
    </BusyButton>
  );
}
