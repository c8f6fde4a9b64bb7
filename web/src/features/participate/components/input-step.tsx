/**
 * Step 1 of the flow (product §2): what participating involves, the 'ID de Análisis' field (prefilled
 * from /participate/:id) and 'Participar', which validates the id before the permissions step.
 * A browser that cannot take part (pre-flight check, ADR 0010) gets the reason and the link to copy
 * instead of the form, so it never reaches permissions that cannot work.
 *
 * The field is a plain controlled input with the shared form classes, not react-hook-form and zod:
 * this step is what every participant downloads first, and one trimmed, required id needs neither
 * (ADR 0011: the input step's budget). The markup, messages and focus are the shared TextField's.
 *
 * An invite link (/participate/{id}) opens a welcome (ADR 0015): the study's name, an estimated
 * duration and what taking part needs, read with validate-participation as the page opens; the
 * prefilled field then steps back. Without the link, or when the check fails, the step is as before
 * ('Participar' reports any problem as it always did).
 */
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import '@/components/form/form.css';
import { NoticeAlert } from '@/features/participate/components/notice-alert';
import { PreflightNotice } from '@/features/participate/components/preflight-notice';
import { preloadRecordingSteps } from '@/features/participate/components/recording-steps';
import { preflightVerdict, readCapabilities } from '@/features/participate/lib/preflight';
import { paths } from '@/config/paths';
import { validateAtom } from '@/features/participate/stores/entry-actions';
import { inputAtom } from '@/features/participate/stores/participation-state';
import { BusySubmitButton } from '@/components/form/busy-submit-button';
import { TextList } from '@/components/ui/text-list';
import { ParticipateCard } from '@/features/participate/components/participate-card';
import { validateParticipation } from '@/features/participate/api/validate-participation';
import { estimatedMinutes, requirements } from '@/features/participate/lib/welcome';
import type { ValidateParticipationResponse } from '@/lib/api-types/ValidateParticipationResponse';

/** The study behind an invite link, or null (no link, not open, or the check failed). */
function useWelcome(linkedId: string): ValidateParticipationResponse | null {
  const [study, setStudy] = useState<ValidateParticipationResponse | null>(null);
  useEffect(() => {
    if (!linkedId) return undefined;
    let live = true;
    validateParticipation(linkedId)
      .then((answer) => {
        if (live && answer?.success === true && typeof answer.name === 'string') setStudy(answer);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [linkedId]);
  return study;
}

function Welcome({ study }: { study: ValidateParticipationResponse }) {
  const { t } = useTranslation();
  return (
    <div className="participate-welcome" data-testid="participate-welcome">
      <p className="participate-welcome__eyebrow">{t('participate.welcome.invited')}</p>
      <p className="participate-welcome__name" data-testid="welcome-name">
        {study.name}
      </p>
      <p className="participate-welcome__duration" data-testid="welcome-duration">
        {t('participate.welcome.duration', { minutes: estimatedMinutes(study) })}
      </p>
      <h2 className="participate-subtitle">{t('participate.welcome.needsTitle')}</h2>
      <ul className="participate-needs" data-testid="welcome-needs">
        {requirements(study.camera).map((need) => (
          <li key={need}>{t(`participate.welcome.needs.${need}`)}</li>
        ))}
      </ul>
    </div>
  );
}

/** The id field with its hint and its error, linked like the shared TextField's. */
function AnalysisIdField({
  value,
  onChange,
  error,
  inputRef,
  secondary,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  inputRef: RefObject<HTMLInputElement | null>;
  secondary: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className={secondary ? 'field field--secondary' : 'field'} data-invalid={error ? true : undefined}>
      <label className="field__label" htmlFor={id}>
        {t('participate.input.idLabel')}
      </label>
      <input
        ref={inputRef}
        id={id}
        name="analysisId"
        className="field__input"
        type="text"
        autoComplete="off"
        aria-required
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, error ? errorId : null].filter(Boolean).join(' ')}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      <p id={hintId} className="field__hint">
        {secondary ? t('participate.welcome.idHint') : t('participate.input.idHint')}
      </p>
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function InputStep({ initialId }: { initialId: string }) {
  const { t } = useTranslation();
  const { analysisId, notice } = useAtomValue(inputAtom);
  const validate = useSetAtom(validateAtom);
  const [value, setValue] = useState(initialId || analysisId);
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  // Read once: what the browser can do does not change while the page is open.
  const [verdict] = useState(() => preflightVerdict(readCapabilities()));
  const linkedId = initialId || analysisId;
  // A browser that cannot take part is never validated (it gets the link to copy instead).
  const study = useWelcome(verdict.ok ? initialId : '');
  // Checked on submit, then again as the participant types (like the shared forms).
  const error = submitted && !value.trim() ? t('participate.input.idRequired') : null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Enter while the last submit is still running must not send it twice.
    if (busy) return;
    setSubmitted(true);
    if (!value.trim()) {
      input.current?.focus();
      return;
    }
    setBusy(true);
    preloadRecordingSteps();
    void validate(value.trim()).finally(() => setBusy(false));
  };

  // What taking part is and how it works (product §2.1's intro and four points). Below 'Participar' when
  // an invite link's welcome already says what the study needs, so the button shows without
  // scrolling at 390×844 (issue 45).
  const how = (
    <>
      {study ? <p className="participate-lead participate-after-form">{t('participate.input.intro')}</p> : null}
      <h2 className="participate-subtitle">{t('participate.input.howTitle')}</h2>
      <TextList
        ordered
        className="participate-how"
        items={['participate.input.how1', 'participate.input.how2', 'participate.input.how3', 'participate.input.how4']}
      />
    </>
  );

  return (
    <ParticipateCard titleId="participate-input-title" title={t('participate.input.title')}>
      {study ? <Welcome study={study} /> : <p className="participate-lead">{t('participate.input.intro')}</p>}
      {verdict.ok ? null : (
        <PreflightNotice
          problem={verdict.problem}
          link={linkedId ? `${window.location.origin}${paths.participate(linkedId)}` : window.location.href}
        />
      )}
      {study ? null : how}
      {verdict.ok ? (
        <>
          <NoticeAlert notice={notice} testId="participate-input-error" className="participate-gap" />
          <form noValidate className="form" onSubmit={submit} aria-labelledby="participate-input-title">
            <AnalysisIdField
              value={value}
              onChange={setValue}
              error={error}
              inputRef={input}
              secondary={study !== null && value.trim() === initialId.trim()}
            />
            <BusySubmitButton busy={busy} busyLabel={t('participate.input.submitting')}>
              {t('participate.input.submit')}
            </BusySubmitButton>
          </form>
        </>
      ) : null}
      {study ? how : null}
    </ParticipateCard>
  );
}
