/**
 * The analysis stepper (spec §2.4): 'Step X of N', a percent bar, the current step, 'Anterior' and
 * 'Siguiente', and on the last step 'Finish Analysis' ('Finishing...') with the upload progress bar
 * (and, offline, that it waits for the connection: nothing is thrown away) and the finish errors. Focus moves to the new step's heading so screen readers follow along.
 */
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NoticeAlert } from '@/features/participate/components/notice-alert';
import { StepContent, StepTitle } from '@/features/participate/components/step-content';
import { finishAtom, moveStepAtom } from '@/features/participate/stores/participation-actions';
import { busyAtom, recordingAtom, stepperAtom } from '@/features/participate/stores/participation-state';

function UploadProgress({ percent, done, waiting }: { percent: number; done: boolean; waiting: boolean }) {
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

export function Stepper() {
  const { t } = useTranslation();
  const stepper = useAtomValue(stepperAtom);
  const recording = useAtomValue(recordingAtom);
  const busy = useAtomValue(busyAtom);
  const move = useSetAtom(moveStepAtom);
  const finish = useSetAtom(finishAtom);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [stepper.index]);

  if (!stepper.step) return null;
  const finishing = busy === 'finish';
  const counter = t('participate.stepper.stepOf', { current: stepper.current, total: stepper.total });
  const showUpload = recording.uploadStatus === 'uploading' || recording.uploadStatus === 'success';

  return (
    <section className="stepper card card--snug participate-card" aria-label={t('participate.stepper.label')}>
      <div className="stepper__head">
        <p className="stepper__count" data-testid="stepper-count">
          {counter}
        </p>
        <p className="stepper__percent" aria-hidden="true">
          {stepper.percent}%
        </p>
      </div>
      <div
        className="progress"
        role="progressbar"
        aria-label={t('participate.stepper.progressLabel')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={stepper.percent}
        aria-valuetext={`${counter} (${stepper.percent}%)`}
      >
        <div className="progress__fill" style={{ width: `${stepper.percent}%` }} />
      </div>

      <article className="step" aria-labelledby="participate-step-title">
        <h2 id="participate-step-title" className="step__title" ref={headingRef} tabIndex={-1}>
          <StepTitle step={stepper.step} />
        </h2>
        <StepContent step={stepper.step} />
      </article>

      <div className="participate-stack">
        <NoticeAlert notice={recording.notice} testId="analysis-error" />
        {showUpload ? <UploadProgress
            percent={recording.progress}
            done={recording.uploadStatus === 'success'}
            waiting={recording.uploadStatus === 'uploading' && !recording.online}
          /> : null}
      </div>

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
          <button
            type="button"
            className="button button--primary"
            aria-busy={finishing || undefined}
            aria-disabled={finishing || recording.uploadStatus === 'success' || undefined}
            onClick={() => {
              if (!finishing && recording.uploadStatus !== 'success') void finish();
            }}
          >
            {finishing ? (
              <>
                <span className="button__spinner" aria-hidden="true" />
                {t('participate.stepper.finishing')}
              </>
            ) : (
              t('participate.stepper.finish')
            )}
          </button>
        ) : (
          <button type="button" className="button button--primary" onClick={() => move(1)}>
            {t('participate.stepper.next')}
          </button>
        )}
      </div>
    </section>
  );
}
