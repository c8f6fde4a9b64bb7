/**
 * /invite/{token}: an invitation to a team (ADR 0019), naming the team and who invited. Signed in
 * with the invited e-mail: 'Unirme al equipo' joins in one click and opens the team's dashboard.
 * Signed out: log in or register first, and come back here (`?next=`). Signed in as someone else:
 * the page says so and offers to log out. A used, revoked or expired link says it is not valid.
 */
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { Users } from 'lucide-react';
import { Alert } from '@/components/alert';
import { serverMessage } from '@/components/form';
import { useLogout } from '@/components/session/use-logout';
import { useSession } from '@/components/session/use-session';
import { LoadingBlock } from '@/components/ui/loading-block';
import { paths } from '@/config/paths';
import { useAcceptInvitation, useInvitation } from '@/features/team/api/invitation';
import { formatDay, isoDate } from '@/features/team/lib/format';
import { withNext } from '@/lib/url';
import '@/features/team/team.css';

// Size: the page's four cases (loading, not valid, signed out, the right or the wrong account) in one place.
export function InvitePage() {
  const { t, i18n } = useTranslation();
  const { token = '' } = useParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const invitation = useInvitation(token);
  const session = useSession();
  const accept = useAcceptInvitation(token);
  const logout = useLogout(pathname);

  if (invitation.isPending || session.isPending) return <LoadingBlock label={t('team.join.loading')} />;
  if (invitation.isError) {
    return (
      <section className="card card--roomy team-join" aria-labelledby="invite-title" data-testid="invite-invalid">
        <h1 id="invite-title">{t('team.join.title')}</h1>
        <Alert tone="error" title={t('team.join.invalid')}>
          <p>{t('team.join.invalidHint')}</p>
        </Alert>
      </section>
    );
  }
  const { workspaceName: name, invitedBy, email, role, expiresAt } = invitation.data;
  const current = session.data?.user.email;
  const mine = current !== undefined && current.trim().toLowerCase() === email.trim().toLowerCase();

  let action;
  if (current === undefined) {
    action = (
      <>
        <p>{t('team.join.needAccount', { email })}</p>
        <div className="cluster">
          <Link className="button button--primary" to={withNext(paths.auth.login, pathname)}>
            {t('team.join.login')}
          </Link>
          <Link className="button button--ghost" to={withNext(paths.auth.register, pathname)}>
            {t('team.join.register')}
          </Link>
        </div>
      </>
    );
  } else if (!mine) {
    action = (
      <Alert tone="warning" title={t('team.join.wrongAccount', { current, email })} testId="invite-wrong-account">
        <button type="button" className="button button--ghost" onClick={() => logout.mutate()}>
          {t('team.join.logout')}
        </button>
      </Alert>
    );
  } else {
    action = (
      <>
        {accept.isError ? (
          <Alert tone="error" title={serverMessage(accept.error) ?? t('team.join.error')} testId="invite-error" />
        ) : null}
        <p>
          <button
            type="button"
            className="button button--primary"
            aria-busy={accept.isPending || undefined}
            onClick={() => {
              if (!accept.isPending) accept.mutate(undefined, { onSuccess: () => void navigate(paths.dashboard) });
            }}
          >
            {accept.isPending ? t('team.join.joining') : t('team.join.join')}
          </button>
        </p>
      </>
    );
  }

  return (
    <section className="card card--roomy team-join" aria-labelledby="invite-title" data-testid="invite-page">
      <Users aria-hidden="true" size={32} />
      <h1 id="invite-title">{t('team.join.title')}</h1>
      <p className="team-join__lead">
        {invitedBy ? t('team.join.lead', { inviter: invitedBy, name }) : t('team.join.leadNoInviter', { name })}
      </p>
      <ul className="list-plain team-join__facts">
        <li>{t('team.join.role', { role: t(`team.roles.${role}`) })}</li>
        <li>{t('team.join.for', { email })}</li>
        <li>
          <time dateTime={isoDate(expiresAt)}>
            {t('team.join.expires', { date: formatDay(expiresAt, i18n.language) })}
          </time>
        </li>
      </ul>
      {action}
    </section>
  );
}
