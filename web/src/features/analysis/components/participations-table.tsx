/**
 * The analysis detail's one list of participations, newest first, on the shared Table (cards on a
 * phone or a narrow frame): a thumbnail of the recording, 'Participante N' with a button that
 * copies the id, the state (in progress, interrupted, submitted), 'Fecha de subida' (or N/A while
 * in progress), the length, the number of notes, and the actions: 'Ver grabación' (product §2: asks
 * for a presigned URL and opens it in a new tab) and 'Analizar' (the player). A participation in
 * progress shows one badge, 'En directo' with its current task, no date, and only 'Ver en directo'
 * (ADR 0016, issue 45): the recording's actions come once there is one. Empty: 'Aún no hay
 * participantes' with a prompt to share the invitation link and the copy button.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CircleCheck, CircleDot, CirclePause, ImageOff, PlayCircle, Radio, ScanSearch, Users } from 'lucide-react';
import { Alert } from '@/components/alert';
import { CopyInviteButton } from '@/components/copy-invite-button';
import { serverMessage } from '@/components/form';
import { Badge } from '@/components/ui/badge';
import { BusyButton } from '@/components/ui/busy-button';
import { EmptyState } from '@/components/ui/empty-state';
import { SectionHeader } from '@/components/ui/section-header';
import { Table, type Column } from '@/components/ui/table';
import { WideTable } from '@/components/ui/wide-table';
import { paths } from '@/config/paths';
import { useEntryRecording } from '@/features/analysis/api/get-entry-recording';
import { CopyIdButton } from '@/features/analysis/components/copy-id-button';
import { formatDateTime, formatSpan } from '@/features/analysis/lib/format';
import { participationRows, type ParticipationRow } from '@/features/analysis/lib/participations';
import type { AnalysisDto } from '@/lib/api-types/AnalysisDto';
import type { EntryStatus } from '@/lib/api-types/EntryStatus';

const STATUS = {
  submitted: { tone: 'success', icon: <CircleCheck />, key: 'analysis.detail.statusSubmitted' },
  in_progress: { tone: 'info', icon: <CircleDot />, key: 'analysis.detail.statusInProgress' },
  interrupted: { tone: 'warning', icon: <CirclePause />, key: 'analysis.detail.statusInterrupted' },
} as const satisfies Record<EntryStatus, unknown>;

/** 'En directo' and the task the participant is on ('Tarea 2 de 4'). */
function LiveBadge({ task, taskCount }: { task: number | null; taskCount: number }) {
  const { t } = useTranslation();
  return (
    <span className="participation__live" data-testid="participation-live">
      <Badge tone="danger" icon={<Radio />}>
        {t('live.badge')}
      </Badge>
      {task !== null && taskCount > 0 ? <span>{t('live.task', { number: task, total: taskCount })}</span> : null}
    </span>
  );
}

/** A participation's thumbnail, or a placeholder saying there is none. */
function ParticipationThumbnail({ url, name }: { url: string | null; name: string }) {
  const { t } = useTranslation();
  if (!url) {
    return (
      <span className="participation__thumb participation__thumb--none" title={t('analysis.detail.noThumbnail')}>
        <ImageOff aria-hidden="true" size={20} />
        <span className="visually-hidden">{t('analysis.detail.noThumbnail')}</span>
      </span>
    );
  }
  return (
    <img
      className="participation__thumb"
      src={url}
      alt={t('analysis.detail.thumbnailAlt', { name })}
      width={96}
      height={54}
      loading="lazy"
      decoding="async"
      data-testid="participation-thumbnail"
    />
  );
}

/**
 * A row's actions: while recording only 'Ver en directo' (issue 45: nothing is recorded yet to
 * open or analyse); after, 'Ver grabación' (a presigned URL in a new tab) and 'Analizar'.
 */
function RowActions({
  row,
  name,
  busy,
  onOpen,
}: {
  row: ParticipationRow;
  name: string;
  busy: boolean;
  onOpen: () => void;
}) {
  const { t } = useTranslation();
  const who = <span className="visually-hidden">{t('analysis.detail.ofParticipant', { name })}</span>;
  return (
    <span className="participation__actions" data-testid="participation-actions">
      {row.status === 'in_progress' ? (
        <Link to={paths.entry(row.id)} className="button button--secondary button--sm">
          <Radio aria-hidden="true" size={16} />
          {t('live.watch')} {who}
        </Link>
      ) : (
        <>
          <BusyButton className="button button--ghost button--sm" busy={busy} onClick={onOpen}>
            <PlayCircle aria-hidden="true" size={16} />
            {busy ? t('analysis.detail.opening') : t('analysis.detail.viewRecording')} {who}
          </BusyButton>
          <Link to={paths.entry(row.id)} className="button button--secondary button--sm">
            <ScanSearch aria-hidden="true" size={16} />
            {t('analysis.detail.analyze')} {who}
          </Link>
        </>
      )}
    </span>
  );
}

export function ParticipationsTable({ analysis }: { analysis: AnalysisDto }) {
  const { t, i18n } = useTranslation();
  const recording = useEntryRecording();
  const entries = analysis.AnalysisEntries ?? [];
  const rows = participationRows(entries);
  const nameOf = (row: ParticipationRow) => t('analysis.detail.participantN', { number: row.number });

  const open = (entryId: string) => {
    recording.mutate(entryId, {
      onSuccess: ({ analysisEntryPresignedUrl }) => {
        window.open(analysisEntryPresignedUrl, '_blank', 'noopener,noreferrer');
      },
    });
  };

  const columns: Column<ParticipationRow>[] = [
    {
      key: 'thumbnail',
      header: <span className="visually-hidden">{t('analysis.detail.columns.thumbnail')}</span>,
      label: t('analysis.detail.columns.thumbnail'),
      primary: true,
      className: 'participation__thumb-cell',
      cell: (row) => <ParticipationThumbnail url={row.thumbnailUrl} name={nameOf(row)} />,
    },
    {
      key: 'participant',
      header: t('analysis.detail.columns.participant'),
      primary: true,
      cell: (row) => (
        <span className="participation__name">
          <span data-testid="participant-name">{nameOf(row)}</span>
          <CopyIdButton id={row.id} name={nameOf(row)} />
        </span>
      ),
    },
    {
      key: 'status',
      header: t('analysis.detail.columns.status'),
      cell: (row) => (
        <span className="participation__status">
          {/* In progress: one badge, 'En directo' with its task (issue 45), not 'En curso' beside it. */}
          {row.status === 'in_progress' ? (
            <LiveBadge task={row.currentTask} taskCount={analysis.tasks.length} />
          ) : (
            <Badge tone={STATUS[row.status].tone} icon={STATUS[row.status].icon} testId="participation-status">
              {t(STATUS[row.status].key)}
            </Badge>
          )}
          {row.watching.length > 0 ? (
            <span className="text-note participation__watching" data-testid="live-watchers">
              {t('analysis.detail.watching', {
                names: new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(row.watching),
              })}
            </span>
          ) : null}
        </span>
      ),
    },
    {
      key: 'uploaded',
      header: t('analysis.detail.columns.uploaded'),
      cell: (row) =>
        row.uploadedAt === null ? (
          // Still recording: no date yet, and nothing to call 'N/A' (issue 45).
          row.status === 'in_progress' ? (
            <span aria-hidden="true">—</span>
          ) : (
            t('analysis.detail.notAvailable')
          )
        ) : (
          <time dateTime={new Date(row.uploadedAt).toISOString()}>{formatDateTime(row.uploadedAt, i18n.language)}</time>
        ),
    },
    {
      key: 'duration',
      header: t('analysis.detail.columns.duration'),
      numeric: true,
      cell: (row) => formatSpan(row.durationMs),
    },
    // The panel's id only for studies that received one (ADR 0017): product §2's table is unchanged.
    ...(rows.some((row) => row.pid)
      ? [{ key: 'pid', header: t('analysis.detail.columns.pid'), cell: (row: ParticipationRow) => row.pid ?? '' }]
      : []),
    {
      key: 'notes',
      header: t('analysis.detail.columns.notes'),
      numeric: true,
      cell: (row) => row.noteCount,
    },
    {
      key: 'actions',
      header: t('analysis.detail.columns.actions'),
      actions: true,
      cell: (row) => (
        <RowActions
          row={row}
          name={nameOf(row)}
          busy={recording.isPending && recording.variables === row.id}
          onOpen={() => open(row.id)}
        />
      ),
    },
  ];

  return (
    <section className="analysis-section" aria-labelledby="analysis-participations-title">
      <SectionHeader title={t('analysis.detail.participations')} titleId="analysis-participations-title" />
      {recording.isError ? (
        <Alert tone="error" title={serverMessage(recording.error) ?? t('analysis.detail.recordingFailed')} />
      ) : null}
      {rows.length === 0 ? (
        <EmptyState
          icon={<Users />}
          title={t('analysis.detail.empty')}
          action={<CopyInviteButton analysisId={analysis.id} />}
          testId="participations-empty"
        >
          <p>{t('analysis.detail.sharePrompt')}</p>
        </EmptyState>
      ) : (
        <WideTable stackBelow="lg">
          <Table
            caption={t('analysis.detail.participations')}
            columns={columns}
            rows={rows}
            testId="participations-table"
          />
        </WideTable>
      )}
    </section>
  );
}
