/**
 * 'Tienes una participación sin terminar' (ADR 0005): shown when the invite link is opened again,
 * or the tab reloaded, while this browser holds an unfinished participation. 'Continuar' holds the
 * place again and asks for the screen and microphone again; 'Eliminar grabación y salir' deletes
 * everything recorded, on the server and on this device.
 */
import { useAtomValue, useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { NoticeAlert } from '@/features/participate/components/notice-alert';
import { ParticipateCard } from '@/features/participate/components/participate-card';
import { formatDuration } from '@/features/participate/lib/steps';
import { continueUnfinishedAtom, discardUnfinishedAtom } from '@/features/participate/stores/entry-actions';
import { busyAtom, resumeAtom } from '@/features/participate/stores/participation-state';

export function ResumeNotice() {
  const { t } = useTranslation();
  const { info, notice } = useAtomValue(resumeAtom);
  const busy = useAtomValue(busyAtom);
  const resume = useSetAtom(continueUnfinishedAtom);
  const discard = useSetAtom(discardUnfinishedAtom);
  if (!info) return null;
  return (
    <ParticipateCard titleId="participate-resume-title" title={t('participate.resume.title')} testId="resume-notice">
      <p className="participate-lead">{t('participate.resume.body')}</p>
      {info.recordedMs > 0 ? (
        <p>{t('participate.resume.recorded', { duration: formatDuration(info.recordedMs) })}</p>
      ) : null}
      <p>{t('participate.resume.again')}</p>
      <NoticeAlert notice={notice} className="participate-gap" />
      <div className="participate-actions">
        <button
          type="button"
          className="button button--primary"
          onClick={() => void resume()}
          disabled={busy !== null}
          aria-busy={busy === 'resume' || undefined}
        >
          {busy === 'resume' ? t('participate.resume.continuing') : t('participate.resume.continue')}
        </button>
        <button
          type="button"
          className="button button--danger-ghost"
          onClick={() => void discard()}
          disabled={busy !== null}
          aria-busy={busy === 'discard' || undefined}
        >
          {busy === 'discard' ? t('participate.resume.discarding') : t('participate.resume.discard')}
        </button>
      </div>
    </ParticipateCard>
  );
}

/** While the server is asked; short, and announced politely. */
export function CheckingNotice() {
  const { t } = useTranslation();
  return (
    <section className="card card--snug participate-card" aria-busy="true">
      <p role="status" className="participate-lead">
        {t('participate.resume.checking')}
      </p>
    </section>
  );
}
