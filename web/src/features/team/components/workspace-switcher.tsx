/**
 * The header's workspace switcher (ADR 0019): shown only when the account belongs to more than one
 * workspace; a labelled native <select> (keyboard and screen readers get it for free). Choosing
 * one switches the account's current workspace and opens its dashboard.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSwitchWorkspace, useWorkspaces } from '@/features/team/api/workspaces';
import '@/features/team/team.css';

export function WorkspaceSwitcher({ className }: { className?: string }) {
  const { t } = useTranslation();
  const id = useId();
  const workspaces = useWorkspaces();
  const switching = useSwitchWorkspace();
  const list = workspaces.data?.workspaces ?? [];
  if (list.length < 2) return null;

  const onChange = (workspaceId: string) => switching.mutate(workspaceId);

  return (
    <div className={['workspace-switcher', className].filter(Boolean).join(' ')}>
      <label htmlFor={id} className="visually-hidden">
        {t('team.switcher.label')}
      </label>
      <select
        id={id}
        className="field__input"
        value={switching.isPending ? switching.variables : (workspaces.data?.current ?? '')}
        aria-busy={switching.isPending || undefined}
        onChange={(event) => onChange(event.currentTarget.value)}
        data-testid="workspace-switcher"
      >
        {workspaces.data?.current ? null : <option value="">—</option>}
        {list.map((workspace) => (
          <option key={workspace.id} value={workspace.id}>
            {workspace.name} · {t(`team.roles.${workspace.role}`)}
          </option>
        ))}
      </select>
      {switching.isError ? (
        <span role="alert" className="visually-hidden">
          {t('team.switcher.error')}
        </span>
      ) : null}
    </div>
  );
}
