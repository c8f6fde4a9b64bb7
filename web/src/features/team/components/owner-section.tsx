/**
 * The owner's own steps on 'Equipo' (ADR 0019): passing ownership on to another member (they
 * become the owner, the owner an admin; asked to confirm) and deleting the team, which asks for
 * its name to be typed. A personal workspace can't be deleted (the account's deletion does that):
 * the section says so instead of offering it.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Trash2 } from 'lucide-react';
import { Alert } from '@/components/alert';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { serverMessage } from '@/components/form';
import { Dialog } from '@/components/ui/dialog';
import { SectionHeader } from '@/components/ui/section-header';
import { useTransferOwnership } from '@/features/team/api/team';
import { useDeleteWorkspace } from '@/features/team/api/workspaces';
import type { MemberDto } from '@/lib/api-types/MemberDto';
import type { WorkspaceDto } from '@/lib/api-types/WorkspaceDto';

interface OwnerSectionProps {
  workspace: WorkspaceDto;
  members: readonly MemberDto[];
  /** The workspace is the owner's personal one. */
  personal: boolean;
  onTransferred: (member: MemberDto) => void;
}

// Size: the section with its two dialogs (transfer, delete), each a few lines of state.
export function OwnerSection({ workspace, members, personal, onTransferred }: OwnerSectionProps) {
  const { t } = useTranslation();
  const id = useId();
  const others = members.filter((m) => m.role !== 'owner');
  const [heir, setHeir] = useState('');
  const [confirming, setConfirming] = useState<MemberDto | null>(null);
  const [deleting, setDeleting] = useState(false);
  const transfer = useTransferOwnership();
  const chosen = others.find((m) => m.userId === heir) ?? others[0];

  const pass = (event: FormEvent) => {
    event.preventDefault();
    if (chosen) {
      transfer.reset();
      setConfirming(chosen);
    }
  };

  return (
    <section className="card card--snug" aria-labelledby={`${id}-title`} data-testid="team-owner-section">
      <SectionHeader title={t('team.owner.title')} titleId={`${id}-title`} />
      {others.length === 0 ? (
        <p className="text-note">{t('team.owner.noOne')}</p>
      ) : (
        <form className="team-owner__transfer" onSubmit={pass}>
          <div className="team-activity__filter">
            <label htmlFor={`${id}-heir`}>{t('team.owner.heir')}</label>
            <select
              id={`${id}-heir`}
              className="field__input"
              value={chosen?.userId ?? ''}
              onChange={(event) => setHeir(event.currentTarget.value)}
            >
              {others.map((member) => (
                <option key={member.userId} value={member.userId}>
                  {member.name ?? member.email} · {t(`team.roles.${member.role}`)}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="button button--ghost">
            {t('team.owner.transfer')}
          </button>
        </form>
      )}
      {personal ? (
        <p className="text-note" data-testid="team-personal-note">
          {t('team.owner.personal')}
        </p>
      ) : (
        <p>
          <button type="button" className="button button--danger-ghost" onClick={() => setDeleting(true)}>
            <Trash2 aria-hidden="true" size={18} />
            {t('team.owner.delete')}
          </button>
        </p>
      )}
      {confirming ? (
        <ConfirmDialog
          title={t('team.owner.confirmTitle')}
          body={t('team.owner.confirmBody', { name: confirming.name ?? confirming.email, team: workspace.name })}
          confirmLabel={t('team.owner.confirm')}
          busyLabel={t('team.owner.transferring')}
          cancelLabel={t('team.removeDialog.cancel')}
          busy={transfer.isPending}
          error={
            transfer.isError ? (
              <Alert tone="error">{serverMessage(transfer.error) ?? t('team.owner.transferError')}</Alert>
            ) : undefined
          }
          testId="transfer-dialog"
          onConfirm={() =>
            transfer.mutate(confirming.userId, {
              onSuccess: () => {
                setConfirming(null);
                onTransferred(confirming);
              },
            })
          }
          onCancel={() => setConfirming(null)}
        />
      ) : null}
      {deleting ? <DeleteDialog workspace={workspace} onClose={() => setDeleting(false)} /> : null}
    </section>
  );
}

/** 'Eliminar el equipo': the name typed to confirm; the server's refusal stays in the dialog. */
function DeleteDialog({ workspace, onClose }: { workspace: WorkspaceDto; onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [typed, setTyped] = useState('');
  const remove = useDeleteWorkspace();
  const busy = remove.isPending;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) remove.mutate({ id: workspace.id, name: typed });
  };
  return (
    <Dialog
      tone="danger"
      icon={<Trash2 size={22} />}
      title={t('team.deleteDialog.title')}
      description={<p>{t('team.deleteDialog.body', { name: workspace.name })}</p>}
      onClose={onClose}
      busy={busy}
      initialFocus={inputRef}
      size="md"
      testId="delete-team-dialog"
    >
      <form className="team-form" onSubmit={submit} noValidate>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-name`}>
            {t('team.deleteDialog.typeName', { name: workspace.name })}
          </label>
          <input
            ref={inputRef}
            id={`${id}-name`}
            className="field__input"
            type="text"
            autoComplete="off"
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
          />
        </div>
        {remove.isError ? (
          <Alert tone="error" testId="delete-team-error">
            {serverMessage(remove.error) ?? t('team.deleteDialog.error')}
          </Alert>
        ) : null}
        <div className="dialog__actions">
          <button type="button" className="button button--ghost" onClick={onClose} disabled={busy}>
            {t('team.removeDialog.cancel')}
          </button>
          <button type="submit" className="button button--danger" aria-busy={busy || undefined}>
            {busy ? t('team.deleteDialog.deleting') : t('team.deleteDialog.confirm')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
