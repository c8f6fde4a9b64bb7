/**
 * /team, 'Equipo' (ADR 0019): the current workspace's members; for admins and the owner 'Invitar',
 * role changes, 'Eliminar' and the pending invitations with 'Reenviar' and 'Revocar', and a second
 * tab, 'Actividad', with the team's log; for the owner, passing ownership on and deleting the team;
 * for every member but the owner, 'Abandonar el equipo'; for everyone, 'Crear un equipo'.
 * What each action did is said in one status line.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UserPlus, Users } from 'lucide-react';
import { Alert } from '@/components/alert';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { serverMessage } from '@/components/form';
import { useSession } from '@/components/session/use-session';
import { teamAccess } from '@/components/session/use-team-role';
import { LoadingBlock } from '@/components/ui/loading-block';
import { PageHeader } from '@/components/ui/page-header';
import { SectionHeader } from '@/components/ui/section-header';
import { Tabs } from '@/components/ui/tabs';
import { ActivitySection } from '@/features/team/components/activity-section';
import { CreateTeamDialog } from '@/features/team/components/create-team-dialog';
import { OwnerSection } from '@/features/team/components/owner-section';
import { useRemoveMember, useResendInvitation, useRevokeInvitation, useTeam } from '@/features/team/api/team';
import { useLeaveWorkspace } from '@/features/team/api/workspaces';
import { InvitationsTable } from '@/features/team/components/invitations-table';
import { InviteDialog } from '@/features/team/components/invite-dialog';
import { MemberRoleDialog } from '@/features/team/components/member-role-dialog';
import { MembersTable } from '@/features/team/components/members-table';
import type { InvitationDto } from '@/lib/api-types/InvitationDto';
import type { MemberDto } from '@/lib/api-types/MemberDto';
import '@/features/team/team.css';

type Notice = { tone: 'success' | 'error'; text: string } | null;

// Size: the page holds its sections' dialogs and the one status line they report to.
export function TeamPage() {
  const { t } = useTranslation();
  const session = useSession();
  const team = useTeam();
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<MemberDto | null>(null);
  const [removing, setRemoving] = useState<MemberDto | null>(null);
  const [leaving, setLeaving] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const [creating, setCreating] = useState(false);
  const [tab, setTab] = useState<'members' | 'activity'>('members');
  // The log is asked for once its tab has been opened.
  const [activityOpened, setActivityOpened] = useState(false);
  const remove = useRemoveMember();
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const leave = useLeaveWorkspace();

  if (team.isPending) return <LoadingBlock label={t('team.loading')} />;
  if (team.isError) {
    return (
      <Alert tone="error" title={serverMessage(team.error) ?? t('team.loadError')}>
        <button type="button" className="button button--ghost" onClick={() => void team.refetch()}>
          {t('team.retry')}
        </button>
      </Alert>
    );
  }
  const { workspace, members, invitations } = team.data;
  const { canManage } = teamAccess(workspace.role);
  const busyInvitation = resend.isPending ? resend.variables : revoke.isPending ? revoke.variables : null;
  const report = (tone: 'success' | 'error', text: string) => setNotice({ tone, text });
  const failed = (error: unknown, fallback: string) => report('error', serverMessage(error) ?? fallback);

  const onResend = (invitation: InvitationDto) =>
    resend.mutate(invitation.id, {
      onSuccess: () => report('success', t('team.invitations.resent', { email: invitation.email })),
      onError: (error) => failed(error, t('team.inviteDialog.error')),
    });
  const onRevoke = (invitation: InvitationDto) =>
    revoke.mutate(invitation.id, {
      onSuccess: () => report('success', t('team.invitations.revoked', { email: invitation.email })),
      onError: (error) => failed(error, t('team.inviteDialog.error')),
    });
  const confirmRemove = (member: MemberDto) =>
    remove.mutate(member.userId, {
      onSuccess: () => {
        setRemoving(null);
        report('success', t('team.removeDialog.removed', { email: member.email }));
      },
    });
  const confirmLeave = () => leave.mutate(workspace.id);
  const selectTab = (key: 'members' | 'activity') => {
    if (key === 'activity') setActivityOpened(true);
    setTab(key);
  };

  const membersPanel = (
    <div className="team">
      <section className="card card--snug" aria-labelledby="team-members-title">
        <SectionHeader title={t('team.members.title')} titleId="team-members-title" />
        <MembersTable
          members={members}
          currentUserId={session.data?.user.id ?? ''}
          canManage={canManage}
          onChangeRole={setEditing}
          onRemove={(member) => {
            remove.reset();
            setRemoving(member);
          }}
        />
      </section>
      {canManage ? (
        <section className="card card--snug" aria-labelledby="team-invitations-title">
          <SectionHeader title={t('team.invitations.title')} titleId="team-invitations-title" />
          {invitations.length === 0 ? (
            <p className="text-note">{t('team.invitations.none')}</p>
          ) : (
            <InvitationsTable
              invitations={invitations}
              busyId={busyInvitation ?? null}
              onResend={onResend}
              onRevoke={onRevoke}
            />
          )}
        </section>
      ) : null}
      {workspace.role === 'owner' ? (
        <>
          <p className="text-note">{t('team.ownerNote')}</p>
          <OwnerSection
            workspace={workspace}
            members={members}
            personal={workspace.id === `w${session.data?.user.id ?? ''}`}
            onTransferred={(member) => report('success', t('team.owner.transferred', { email: member.email }))}
          />
        </>
      ) : (
        <p>
          <button type="button" className="button button--danger-ghost" onClick={() => setLeaving(true)}>
            {t('team.leave.action')}
          </button>
        </p>
      )}
    </div>
  );

  return (
    <section className="team content--wide" aria-labelledby="team-title">
      <PageHeader
        title={t('team.title')}
        titleId="team-title"
        subtitle={t('team.intro', { name: workspace.name })}
        actions={
          <div className="cluster">
            <button type="button" className="button button--ghost" onClick={() => setCreating(true)}>
              <Users aria-hidden="true" size={18} />
              {t('team.create')}
            </button>
            {canManage ? (
              <button type="button" className="button button--primary" onClick={() => setInviting(true)}>
                <UserPlus aria-hidden="true" size={18} />
                {t('team.invite')}
              </button>
            ) : null}
          </div>
        }
      />
      <div role="status" className="team__notice">
        {notice ? <Alert tone={notice.tone} title={notice.text} testId="team-notice" /> : null}
      </div>
      {canManage ? (
        <Tabs
          label={t('team.tabs.label')}
          selected={tab}
          onSelect={selectTab}
          className="team__tabs"
          items={[
            { key: 'members', label: t('team.tabs.members'), panel: membersPanel },
            { key: 'activity', label: t('team.tabs.activity'), panel: <ActivitySection load={activityOpened} /> },
          ]}
        />
      ) : (
        membersPanel
      )}
      {creating ? <CreateTeamDialog onClose={() => setCreating(false)} /> : null}
      {inviting ? (
        <InviteDialog
          onClose={() => setInviting(false)}
          onSent={(email) => {
            setInviting(false);
            report('success', t('team.inviteDialog.sent', { email }));
          }}
        />
      ) : null}
      {editing ? (
        <MemberRoleDialog
          member={editing}
          onClose={() => setEditing(null)}
          onSaved={(member) => {
            setEditing(null);
            report('success', t('team.roleDialog.saved', { email: member.email }));
          }}
        />
      ) : null}
      {removing ? (
        <ConfirmDialog
          tone="danger"
          title={t('team.removeDialog.title')}
          body={t('team.removeDialog.body', { email: removing.email })}
          confirmLabel={t('team.removeDialog.confirm')}
          busyLabel={t('team.removeDialog.removing')}
          cancelLabel={t('team.removeDialog.cancel')}
          destructive
          busy={remove.isPending}
          error={
            remove.isError ? (
              <Alert tone="error">{serverMessage(remove.error) ?? t('team.removeDialog.error')}</Alert>
            ) : undefined
          }
          testId="remove-member-dialog"
          onConfirm={() => confirmRemove(removing)}
          onCancel={() => setRemoving(null)}
        />
      ) : null}
      {leaving ? (
        <ConfirmDialog
          tone="danger"
          title={t('team.leave.title')}
          body={t('team.leave.body', { name: workspace.name })}
          confirmLabel={t('team.leave.confirm')}
          busyLabel={t('team.leave.leaving')}
          cancelLabel={t('team.leave.cancel')}
          destructive
          busy={leave.isPending}
          error={
            leave.isError ? (
              <Alert tone="error">{serverMessage(leave.error) ?? t('team.leave.error')}</Alert>
            ) : undefined
          }
          onConfirm={confirmLeave}
          onCancel={() => setLeaving(false)}
        />
      ) : null}
    </section>
  );
}
