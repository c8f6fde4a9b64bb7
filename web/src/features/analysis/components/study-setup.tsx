/**
 * Everything that shapes a study, on the 'Resumen' tab (issue 45), so nobody has to open 'Editar'
 * to check a panel set-up: the order of the tasks, the screener with what each option does, the
 * questions before and after the tasks with their kind, the questions after each task and the
 * SUS, the panel's parameter and its completion and screen-out links, the camera and the
 * transcription. A setting that is off says so ('Ninguna', 'No') rather than disappearing.
 */
import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import type { AnalysisDto } from '@/lib/api-types/AnalysisDto';
import type { StudyQuestionDto } from '@/lib/api-types/StudyQuestionDto';

function Setting({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <div data-testid={testId}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function QuestionList({ questions }: { questions: readonly StudyQuestionDto[] }) {
  const { t } = useTranslation();
  if (questions.length === 0) return <>{t('analysis.setup.none')}</>;
  const kind = (q: StudyQuestionDto) =>
    q.type === 'scale'
      ? t('analysis.setup.kindScale', { top: q.scale ?? 5 })
      : q.type === 'single'
        ? t('analysis.setup.kindSingle', { options: (q.options ?? []).join(' · ') })
        : q.type === 'multiple'
          ? t('analysis.setup.kindMultiple', { options: (q.options ?? []).join(' · ') })
          : t('analysis.setup.kindText');
  return (
    <ol className="study-setup__questions">
      {questions.map((q, index) => (
        <li key={`${index}-${q.text}`}>
          <strong>{q.text}</strong> <span className="text-note">{kind(q)}</span>
        </li>
      ))}
    </ol>
  );
}

const Url = ({ url }: { url: string | null | undefined }) => {
  const { t } = useTranslation();
  return url ? <code className="study-setup__url">{url}</code> : <>{t('analysis.setup.noLink')}</>;
};

export function StudySetup({ analysis }: { analysis: AnalysisDto }) {
  const { t } = useTranslation();
  const yesNo = (on: boolean) => (on ? t('figures.settings.yes') : t('figures.settings.no'));
  const screener = analysis.screener?.questions ?? [];
  const panel = analysis.panel;
  const camera = {
    off: t('analysis.form.cameraOff'),
    optional: t('analysis.form.cameraOptional'),
    required: t('analysis.form.cameraRequired'),
  }[analysis.camera];
  return (
    <section className="analysis-section study-setup-section" aria-labelledby="study-setup-title">
      <h2 id="study-setup-title">{t('analysis.setup.title')}</h2>
      <dl className="analysis-facts study-setup facts" data-testid="study-setup">
        <Setting label={t('analysis.form.advanced.taskOrder')} testId="setup-task-order">
          {analysis.taskOrder === 'random' ? t('analysis.form.advanced.random') : t('analysis.form.advanced.fixed')}
        </Setting>
        <Setting label={t('analysis.setup.screener')} testId="setup-screener">
          {screener.length === 0 ? (
            t('analysis.setup.none')
          ) : (
            <ol className="study-setup__questions">
              {screener.map((q, index) => (
                <li key={`${index}-${q.text}`}>
                  <strong>{q.text}</strong>
                  {q.multiple ? <span className="text-note"> {t('analysis.setup.screenerMultiple')}</span> : null}
                  <ul className="study-setup__options">
                    {q.options.map((option, i) => (
                      <li key={`${i}-${option.text}`}>
                        {option.text}{' '}
                        <span className="text-note">
                          ({option.accept ? t('analysis.setup.accepts') : t('analysis.setup.rejects')})
                        </span>
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ol>
          )}
        </Setting>
        <Setting label={t('analysis.setup.pre')} testId="setup-pre">
          <QuestionList questions={analysis.questions?.pre ?? []} />
        </Setting>
        <Setting label={t('analysis.setup.post')} testId="setup-post">
          <QuestionList questions={analysis.questions?.post ?? []} />
        </Setting>
        <Setting label={t('figures.settings.taskQuestions')} testId="setup-task-questions">
          {yesNo(analysis.taskQuestions)}
        </Setting>
        <Setting label={t('figures.settings.sus')} testId="setup-sus">
          {yesNo(analysis.sus)}
        </Setting>
        <Setting label={t('analysis.setup.pidParam')} testId="setup-pid">
          {panel ? <code>{panel.pidParam}</code> : t('analysis.setup.noPanel')}
        </Setting>
        <Setting label={t('analysis.setup.completionUrl')} testId="setup-completion">
          <Url url={panel?.completionUrl} />
        </Setting>
        <Setting label={t('analysis.setup.screenOutUrl')} testId="setup-screen-out">
          <Url url={panel?.screenOutUrl} />
        </Setting>
        <Setting label={t('analysis.form.camera')} testId="setup-camera">
          {camera}
        </Setting>
        <Setting label={t('analysis.form.transcription.title')} testId="setup-transcription">
          {analysis.transcription.enabled
            ? t('analysis.setup.transcriptionOn', {
                language: t(`analysis.form.transcription.languages.${analysis.transcription.language}`),
              })
            : t('figures.settings.no')}
        </Setting>
      </dl>
    </section>
  );
}
