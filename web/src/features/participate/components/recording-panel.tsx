/**
 * The recording-in-progress panel (product §2.4): a red indicator while recording, the 'Duración'
 * timer (mm:ss), a calm note while uploads are retried or the network is down (the recording is
 * kept on this device and uploads by itself, ADR 0005), the limit message, a warning when the
 * voice stopped reaching the recording with 'Volver a compartir el micrófono', the reminders
 * (folded after the first minute), and 'Salir del análisis'.
 */
import { useAtomValue, useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { formatDuration } from '@/features/participate/lib/steps';
import { NoticeAlert } from '@/features/participate/components/notice-alert';
import { RecordingReminders } from '@/features/participate/components/recording-reminders';
import { askExitAtom } from '@/features/participate/stores/exit-actions';
import { shareMicrophoneAgainAtom } from '@/features/participate/stores/recording-actions';
import { busyAtom, microphoneHealthAtom, recordingAtom } from '@/features/participate/stores/participation-state';

const MICROPHONE_MESSAGES = {
  muted: 'participate.analysis.microphoneMuted',
  silent: 'participate.analysis.microphoneSilent',
} as const;

/**
 * The microphone stopped reaching the recording (issue "Hardening 3"): an alert, so a screen
 * reader announces it at once, and a real button to share the microphone again (a new segment).
 */
export function MicrophoneWarning() {
  const { t } = useTranslation();
  const { problem, notice, sharing } = useAtomValue(microphoneHealthAtom);
  const shareAgain = useSetAtom(shareMicrophoneAgainAtom);
  if (!problem) return null;
  return (
    <div className="recording-panel__microphone" data-testid="microphone-warning">
      <p role="alert" className="recording-panel__offline">
        <span aria-hidden="true">⚠ </span>
        {t(MICROPHONE_MESSAGES[problem])}
      </p>
      <button
        type="button"
        className="button button--primary"
        onClick={() => void shareAgain()}
        disabled={sharing}
        aria-busy={sharing}
      >
        {sharing ? t('participate.analysis.microphoneSharing') : t('participate.analysis.microphoneShareAgain')}
      </button>
      <NoticeAlert notice={notice} />
    </div>
  );
}

/** Megabytes with one decimal, in the page's language. */
function megabytes(bytes: number, language: string): string {
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(bytes / 1_000_000)} MB`;
}

/**
 * The upload is this far behind the recording before the participant hears of it (ADR 0023): the
 * recorder lowers the quality long before, so this shows only on an uplink too slow even for that.
 */
export const SLOW_UPLINK_BACKLOG_MS = 30_000;

/** Offline, slow uplink, storage and limit notes: polite, and only when they apply (also in the floating window). */
export function DeviceNotes() {
  const { t, i18n } = useTranslation();
  const recording = useAtomValue(recordingAtom);
  const offline = !recording.online && recording.uploadStatus !== 'success';
  const slow = !offline && recording.uploadStatus === 'idle' && recording.backlogMs > SLOW_UPLINK_BACKLOG_MS;
  return (
    <>
      <MicrophoneWarning />
      <div role="status" className="recording-panel__device">
        {offline ? (
          <p className="recording-panel__offline" data-testid="offline-indicator">
            <span aria-hidden="true">⚠ </span>
            {t('participate.analysis.offline')}
            {recording.pendingBytes > 0
              ? ` ${t('participate.analysis.pending', { size: megabytes(recording.pendingBytes, i18n.language) })}`
              : ''}
          </p>
        ) : null}
        {slow ? (
          <p className="recording-panel__offline" data-testid="slow-uplink">
            {t('participate.analysis.slowUplink')}
          </p>
        ) : null}
        {recording.storage === 'memory' ? (
          <p className="recording-panel__offline">{t('participate.analysis.memoryOnly')}</p>
        ) : null}
      </div>
      {recording.limitMessage ? (
        <p className="recording-panel__limit" role="alert" data-testid="limit-message">
          {recording.limitMessage}
        </p>
      ) : null}
    </>
  );
}

/** The red indicator with its state ('Grabando'…) and the 'Duración' timer (also in the floating window). */
export function RecordingStatus() {
  const { t } = useTranslation();
  const recording = useAtomValue(recordingAtom);
  // At the size or duration limit MediaRecorder has stopped while the phase is still 'recording'
  // (the participant may go on and finish): the panel must not say it is recording.
  const stoppedAtLimit = Boolean(recording.limitMessage) && recording.phase === 'recording';
  const live = !stoppedAtLimit && (recording.phase === 'recording' || recording.phase === 'finishing');
  const statusText = stoppedAtLimit
    ? t('participate.analysis.notRecording')
    : {
        idle: t('participate.analysis.starting'),
        recording: t('participate.analysis.recording'),
        finishing: t('participate.analysis.finishing'),
        done: t('participate.analysis.done'),
        failed: t('participate.analysis.notRecording'),
        aborted: t('participate.analysis.notRecording'),
      }[recording.phase];

  return (
    <div className="recording-panel__head cluster-between">
      <p id="recording-panel-status" className="recording-panel__status" role="status" data-live={live}>
        <span className="recording-dot" aria-hidden="true" data-live={live} />
        {statusText}
      </p>
      <p className="recording-panel__duration">
        <span id="recording-duration-label">{t('participate.analysis.duration')}</span>
        <span role="timer" aria-labelledby="recording-duration-label" data-testid="recording-duration">
          {formatDuration(recording.elapsedMs)}
        </span>
      </p>
    </div>
  );
}

export function RecordingPanel() {
  const { t } = useTranslation();
  const recording = useAtomValue(recordingAtom);
  const busy = useAtomValue(busyAtom);
  const exit = useSetAtom(askExitAtom);

  return (
    <aside
      className="recording-panel"
      aria-labelledby="recording-panel-status"
      // The quality tier and the upload's lag, for tests and support (ADR 0023); not shown.
      data-tier={recording.tier}
      data-backlog-ms={Math.round(recording.backlogMs)}
      data-uplink-bps={recording.uplinkBitsPerSecond ? Math.round(recording.uplinkBitsPerSecond) : undefined}
    >
      <RecordingStatus />
      <p className="recording-panel__retrying" role="status">
        {recording.retrying && recording.online ? t('participate.analysis.retrying') : ''}
      </p>
      <DeviceNotes />
      <RecordingReminders elapsedMs={recording.elapsedMs} />
      <button
        type="button"
        className="button button--ghost recording-panel__exit"
        onClick={() => exit()}
        disabled={busy === 'finish'}
      >
        {t('participate.analysis.exit')}
      </button>
    </aside>
  );
}
