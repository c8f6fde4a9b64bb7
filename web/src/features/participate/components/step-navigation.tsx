/**
 * The stepper's controls, shared by the tab and the floating task window: 'Anterior', 'Siguiente'
 * and on the last step 'Finish Analysis' ('Finishing...'), and the finish notes: the recording and
 * finish errors and the upload progress bar (offline, that it waits for the connection: nothing is
 * thrown away). Both places move the same store, so they never disagree. With questions, the last
 * step's button is 'Siguiente' (to its questions and the SUS); 'Finish Analysis' is on the last
 * question screen (ADR 0015).
 */
import { useAtomValue, useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { BusyButton } from '@/components/ui/busy-button';
import { NoticeAlert } from '@/features/participate/components/notice-alert';
import { finishAtom, moveStepAtom } from '@/features/participate/stores/step-actions';
import { busyAtom, recordingAtom, stepperAtom } from '@/features/participate/stores/participation-state';

/** Seconds the upload still needs at the uplink's measured rate, when known and worth saying. */
export function secondsLeft(pendingBytes: number, uplinkBitsPerSecond: number | undefined): number | null {
  if (!uplinkBitsPerSecond || pendingBytes <= 0) return null;
  const seconds = Math.ceil((pendingBytes * 8) / uplinkBitsPerSecond);
  return seconds >= 2 ? seconds : null;
}

function UploadProgress({
  percent,
  done,
  waiting,
  left,
}: {
  percent: number;
  done: boolean;
  waiting: boolean;
  left: number | null;
}) {
  const { t } = useTranslation();
  const rounded = Math.round(percent);
  return (
    <div className="upload-progress">
      {waiting ? (
        <p className="upload-progress__waiting" role="status" data-testid="finish-waiting">
          {t('participate.finish.waiting', { percent: rounded })}
        </p>
      ) : null}
      <p className="upload-progress__label" id="upload-progress-label">
        {done ? t('participate.upload.done') : t('participate.upload.progress', { percent: rounded })}
        {!done && !waiting && left !== null ? (
          <span data-testid="upload-time-left">{` · ${t('participate.upload.timeLeft', { seconds: left })}`}</span>
        ) : null}
      </p>
      <div
        className="progress progress--upload"
        role="progressbar"
        aria-labelledby="upload-progress-label"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={rounded}
      >
        <div className="progress__fill" style={{ width: `${rounded}%` }} />
      </div>
    </div>
  );
}

export function FinishNotes() {
  const recording = useAtomValue(recordingAtom);
  const showUpload = recording.uploadStatus === 'uploading' || recording.uploadStatus === 'success';
  return (
    <div className="participate-stack">
      <NoticeAlert notice={recording.notice} testId="analysis-error" />
      {showUpload ? (
        <UploadProgress
          percent={recording.progress}
          done={recording.uploadStatus === 'success'}
          waiting={recording.uploadStatus === 'uploading' && !recording.online}
          left={secondsLeft(recording.pendingBytes, recording.uplinkBitsPerSecond)}
        />
      ) : null}
    </div>
  );
}

export function StepNavigation() {
  const { t } = useTranslation();
  const stepper = useAtomValue(stepperAtom);
  const recording = useAtomValue(recordingAtom);
  const busy = useAtomValue(busyAtom);
  const move = useSetAtom(moveStepAtom);
  const finish = useSetAtom(finishAtom);
  const finishing = busy === 'finish';

  return (
    <div className="participate-actions participate-actions--split">
      <button
        type="button"
        className="button button--ghost"
        onClick={() => move(-1)}
        disabled={stepper.isFirst || finishing}
      >
        {t('participate.stepper.previous')}
      </button>
      {stepper.isLast ? (
        <BusyButton
          className="button button--primary"
          busy={finishing}
          blocked={recording.uploadStatus === 'success'}
          spinner
          onClick={() => void finish()}
        >
          {finishing ? t('participate.stepper.finishing') : t('participate.stepper.finish')}
        </BusyButton>
      ) : (
        <button
          type="button"
          className="button button--primary"
          onClick={() => (stepper.atLastStep ? void finish() : move(1))}
        >
          {t('participate.stepper.next')}
        </button>
      )}
    </div>
  );
}
