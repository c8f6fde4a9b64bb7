/**
 * The answers to the questions before and after the tasks (ADR 0017) as marks on the player's
 * scrubber, one per answer at the moment it was given, each named 'Respuesta: <question>' with the
 * answer and the time in its tooltip. Like the chapter marks and note pins they are a pointer
 * shortcut and stay out of the tab order: keyboard users reach the same moments through the
 * answers panel ('Respuestas'), where each answer has its own 'Ir a' button.
 */
import { useTranslation } from 'react-i18next';
import { Tooltip } from '@/components/ui/tooltip';
import { timelinePercent } from '@/lib/player/chapters';
import { formatClock } from '@/lib/time';
import type { QuestionAnswerDto } from '@/lib/api-types/QuestionAnswerDto';

interface AnswerMarksProps {
  answers: readonly QuestionAnswerDto[];
  durationMs: number;
  onSeek: (ms: number) => void;
}

export function AnswerMarks({ answers, durationMs, onSeek }: AnswerMarksProps) {
  const { t } = useTranslation();
  if (durationMs <= 0 || answers.length === 0) return null;
  return (
    <div className="player-scrubber__answers" data-testid="timeline-answers">
      {answers.map((answer) => (
        <div
          key={`${answer.phase}-${answer.questionNumber}`}
          className="player-scrubber__pin"
          style={{ left: `${timelinePercent(answer.atMs, durationMs)}%` }}
        >
          <Tooltip content={t('entry.answerMarkerTip', { answer: answer.answer, time: formatClock(answer.atMs) })}>
            {(trigger) => (
              <button
                type="button"
                tabIndex={-1}
                className="player-scrubber__answer"
                aria-label={t('entry.answerMarker', { question: answer.question })}
                data-testid="timeline-answer"
                onClick={() => onSeek(answer.atMs)}
                {...trigger}
              />
            )}
          </Tooltip>
        </div>
      ))}
    </div>
  );
}
