/**
 * The page an account sees once it was removed from the workspace it was acting in (ADR 0019):
 * 'Ya no tienes acceso a este equipo', in place of the screen, with a button to each workspace it
 * still belongs to (its own one at least). Focus moves to the heading so a screen reader says it.
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ShieldOff } from 'lucide-react';
import { Alert } from '@/components/alert';
import { serverMessage } from '@/components/form';
import { LoadingBlock } from '@/components/ui/loading-block';
import { useSwitchWorkspace, useWorkspaces } from '@/features/team/api/workspaces';
import '@/features/team/team.css';

export function NoTeamAccess() {
  const { t } = useTranslation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const workspaces = useWorkspaces();
  const switching = useSwitchWorkspace();

  useEffect(() => headingRef.current?.focus(), []);
  // The list was read while still a member: read it again now.
  useEffect(() => void workspaces.refetch(), []); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <section
      className="card card--roomy content--narrow team-lost"
      aria-labelledby="team-lost-title"
      data-testid="no-team-access"
    >
      <ShieldOff aria-hidden="true" size={32} />
      <h1 id="team-lost-title" ref={headingRef} tabIndex={-1}>
        {t('team.lost.title')}
      </h1>
      <p>{t('team.lost.body')}</p>
      {workspaces.isPending ? <LoadingBlock label={t('team.lost.loading')} /> : null}
      <div className="cluster">
        {(workspaces.data?.workspaces ?? [])
          .filter((workspace) => workspace.id !== workspaces.data?.current)
          .map((workspace) => (
            <button
              key={workspace.id}
              type="button"
              className="button button--primary"
              aria-busy={(switching.isPending && switching.variables === workspace.id) || undefined}
              onClick={() => switching.mutate(workspace.id)}
            >
              {t('team.lost.goTo', { name: workspace.name })}
            </button>
          ))}
      </div>
      {switching.isError ? (
        <Alert tone="error">{serverMessage(switching.error) ?? t('team.switcher.error')}</Alert>
      ) : null}
    </section>
  );
}
