/**
 * The analysis form used to create (empty, default 5 participants) and to edit (prefilled): name,
 * URL, optional scenario, number of participants, the task list, the camera setting, what to ask
 * participants and, in 'Opciones avanzadas', whether recordings are transcribed. It hands the API body to
 * `onSubmit`; the page shows the server's answer. When the analysis has participations and the
 * screener or the questions changed, a dialog asks first (ADR 0017: old answers keep their wording).
 */
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckboxField, Form, SubmitButton, TextField, useZodForm } from '@/components/form';
import { AdvancedOptions } from '@/features/analysis/components/advanced-options';
import { CameraField } from '@/features/analysis/components/camera-field';
import { ConfirmQuestionsDialog } from '@/features/analysis/components/confirm-questions-dialog';
import { studyIsValid } from '@/features/analysis/lib/question-builder';
import {
  emptyStudyForm,
  questionsChanged,
  toStudyRequest,
  type StudyFormInput,
} from '@/features/analysis/lib/study-form';
import { TaskList } from '@/features/analysis/components/task-list';
import { TranscriptionField } from '@/features/analysis/components/transcription-field';
import {
  analysisFormSchema,
  MAX_PARTICIPANTS,
  toAnalysisRequest,
  type AnalysisFormInput,
  type AnalysisFormValues,
} from '@/features/analysis/lib/analysis-form';
import type { AnalysisRequest } from '@/lib/api-types/AnalysisRequest';

interface AnalysisFormProps {
  defaultValues: AnalysisFormInput;
  /** Awaited while the submit button shows its busy label; errors are the caller's to show. */
  onSubmit: (request: AnalysisRequest) => Promise<void>;
  submitLabel: string;
  busyLabel: string;
  /** Accessible name of the form (id of its heading). */
  labelledBy: string;
  /** Extra actions under the submit button (e.g. Cancel in edit mode). */
  secondaryActions?: ReactNode;
  /** The saved analysis's advanced options (ADR 0017); the defaults when creating. */
  study?: StudyFormInput;
  /** The analysis has participations (the advanced options warn before questions change). */
  hasParticipations?: boolean;
}

export function AnalysisForm({
  defaultValues,
  onSubmit,
  submitLabel,
  busyLabel,
  labelledBy,
  secondaryActions,
  study: initialStudy,
  hasParticipations,
}: AnalysisFormProps) {
  const { t } = useTranslation();
  const form = useZodForm(analysisFormSchema, { defaultValues });
  const [study, setStudy] = useState<StudyFormInput>(initialStudy ?? emptyStudyForm());
  // The body waiting for the researcher's confirmation, and whether it is being saved.
  const [pending, setPending] = useState<AnalysisRequest | null>(null);
  const [confirming, setConfirming] = useState(false);
  // Sent once with questions the server would refuse: the builders show every message from then on.
  const [questionErrors, setQuestionErrors] = useState(false);

  const send = async (request: AnalysisRequest) => {
    try {
      await onSubmit(request);
    } catch {
      // The caller shows the failure (its mutation's error).
    }
  };

  const submit = async (values: AnalysisFormValues) => {
    if (!studyIsValid(study)) {
      setQuestionErrors(true);
      // After the render that marks them: open the section and take the researcher to the first one.
      setTimeout(() => {
        const first = document.querySelector<HTMLElement>('.analysis-form__advanced [aria-invalid="true"]');
        const section = first?.closest('details');
        if (section) section.open = true;
        first?.focus();
      });
      return;
    }
    const request = { ...toAnalysisRequest(values), ...toStudyRequest(study) };
    if (hasParticipations && questionsChanged(initialStudy ?? emptyStudyForm(), study)) setPending(request);
    else await send(request);
  };

  const confirm = async () => {
    if (!pending) return;
    setConfirming(true);
    await send(pending);
    setConfirming(false);
    setPending(null);
  };

  return (
    <Form form={form} onSubmit={submit} aria-labelledby={labelledBy} className="analysis-form">
      <TextField<AnalysisFormInput> name="name" label={t('analysis.form.name')} required />
      <TextField<AnalysisFormInput>
        name="url"
        label={t('analysis.form.url')}
        hint={t('analysis.form.urlHint')}
        autoComplete="url"
        required
      />
      <TextField<AnalysisFormInput>
        name="scenario"
        label={t('analysis.form.scenario')}
        hint={t('analysis.form.scenarioHint')}
        multiline={4}
      />
      <TextField<AnalysisFormInput>
        name="maxNumberOfParticipants"
        type="number"
        short
        label={t('analysis.form.participants')}
        hint={t('analysis.form.participantsHint')}
        min={1}
        max={MAX_PARTICIPANTS}
        required
      />
      <TaskList />
      <CameraField />
      <fieldset className="analysis-form__questions">
        <legend className="field__label">{t('analysis.form.questions')}</legend>
        <CheckboxField<AnalysisFormInput>
          name="taskQuestions"
          label={t('analysis.form.taskQuestions')}
          hint={t('analysis.form.taskQuestionsHint')}
        />
        <CheckboxField<AnalysisFormInput> name="sus" label={t('analysis.form.sus')} hint={t('analysis.form.susHint')} />
      </fieldset>
      <AdvancedOptions
        value={study}
        onChange={setStudy}
        hasParticipations={hasParticipations}
        open={!defaultValues.transcribe || defaultValues.transcriptionLanguage !== 'es'}
        showErrors={questionErrors}
      >
        <TranscriptionField />
      </AdvancedOptions>
      <div className="analysis-form__actions">
        <SubmitButton busyLabel={busyLabel}>{submitLabel}</SubmitButton>
        {secondaryActions}
      </div>
      {pending ? (
        <ConfirmQuestionsDialog busy={confirming} onConfirm={() => void confirm()} onCancel={() => setPending(null)} />
      ) : null}
    </Form>
  );
}
