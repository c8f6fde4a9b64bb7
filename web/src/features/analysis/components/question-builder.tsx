/**
 * The question builder (issue 45) for the screener or the questions before or after the tasks, in
 * place of the old text syntax: a list of questions ('Añadir pregunta'), each edited by
 * `QuestionEditor`, reordered by drag, by its up and down buttons or by the arrow keys on its
 * handle, and a 'Vista previa' of what the participant will see. Focus follows the edit (a new
 * question's text, the moved handle, the question before a removed one) and a polite live region
 * says what happened, so the list can be built with the keyboard and a screen reader alone.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Plus } from 'lucide-react';
import { Disclosure } from '@/components/ui/disclosure';
import { QuestionEditor } from '@/features/analysis/components/question-editor';
import { QuestionPreview } from '@/features/analysis/components/question-preview';
import {
  listError,
  MAX_QUESTIONS,
  MAX_SCREENER_QUESTIONS,
  move,
  newQuestion,
  removeAt,
  replaceAt,
  type BuilderMode,
  type FocusTarget,
  type QuestionDraft,
} from '@/features/analysis/lib/question-builder';
import '@/features/analysis/question-builder.css';

interface Props {
  mode: BuilderMode;
  /** For the preview's heading: the screener, or the questions before or after the tasks. */
  phase: 'screener' | 'pre' | 'post';
  legend: string;
  hint: string;
  questions: QuestionDraft[];
  onChange: (questions: QuestionDraft[]) => void;
  /** The form was sent: every question shows what is wrong, left or not. */
  showErrors: boolean;
}

/** What the builder keeps beside each question: a key that follows it when it moves, and whether it was left. */
interface Row {
  key: number;
  left: boolean;
}

let lastKey = 0;
const newRow = (): Row => ({ key: ++lastKey, left: false });

export function QuestionBuilder({ mode, phase, legend, hint, questions, onChange, showErrors }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const list = useRef<HTMLOListElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const [rows, setRows] = useState<Row[]>(() => questions.map(newRow));
  const [announcement, setAnnouncement] = useState('');
  const [focus, setFocus] = useState<{ index: number; target: FocusTarget } | null>(null);
  const [dragged, setDragged] = useState<number | null>(null);
  // The parent may replace the list (a reset); rows follow its length.
  const synced = rows.length === questions.length ? rows : questions.map((_, i) => rows[i] ?? newRow());
  const max = mode === 'screener' ? MAX_SCREENER_QUESTIONS : MAX_QUESTIONS;
  const tooMany = listError(questions, mode);

  useEffect(() => {
    if (!focus) return;
    if (focus.index < 0) addButton.current?.focus();
    else list.current?.children[focus.index]?.querySelector<HTMLElement>(`[data-focus="${focus.target}"]`)?.focus();
    setFocus(null);
  }, [focus]);

  const commit = (next: QuestionDraft[], nextRows: Row[]) => {
    setRows(nextRows);
    onChange(next);
  };

  const add = () => {
    commit([...questions, newQuestion(mode)], [...synced, newRow()]);
    setFocus({ index: questions.length, target: 'text' });
    setAnnouncement(t('analysis.form.advanced.builder.added', { number: questions.length + 1 }));
  };

  const remove = (index: number) => {
    commit(removeAt(questions, index), removeAt(synced, index));
    setFocus(questions.length > 1 ? { index: Math.max(0, index - 1), target: 'text' } : { index: -1, target: 'text' });
    setAnnouncement(t('analysis.form.advanced.builder.removed', { number: index + 1 }));
  };

  const moveTo = (from: number, to: number, target: FocusTarget) => {
    if (to < 0 || to >= questions.length || from === to) return;
    commit(move(questions, from, to), move(synced, from, to));
    setFocus({ index: to, target });
    setAnnouncement(t('analysis.form.advanced.builder.moved', { position: to + 1, total: questions.length }));
  };

  return (
    <fieldset className="question-builder" aria-describedby={`${id}-hint`} data-testid={`builder-${phase}`}>
      <legend className="field__label">{legend}</legend>
      <p id={`${id}-hint`} className="field__hint">
        {hint}
      </p>
      {questions.length > 0 ? (
        <ol ref={list} className="question-builder__list">
          {questions.map((question, index) => {
            const row = synced[index]!;
            return (
              <li
                key={row.key}
                className="question-builder__item"
                data-dragging={dragged === index || undefined}
                onDragOver={(event) => {
                  if (dragged === null) return;
                  event.preventDefault();
                  event.dataTransfer.dropEffect = 'move';
                }}
                onDrop={(event) => {
                  event.preventDefault();
                  if (dragged !== null) moveTo(dragged, index, 'handle');
                  setDragged(null);
                }}
              >
                <QuestionEditor
                  mode={mode}
                  question={question}
                  index={index}
                  total={questions.length}
                  showErrors={showErrors || row.left}
                  onChange={(next, target) => {
                    onChange(replaceAt(questions, index, next));
                    if (target) setFocus({ index, target });
                  }}
                  onMove={(to, target) => moveTo(index, to, target)}
                  onRemove={() => remove(index)}
                  onLeave={() => {
                    if (!row.left) setRows(replaceAt(synced, index, { ...row, left: true }));
                  }}
                  dragProps={{
                    onDragStart: (event) => {
                      event.dataTransfer.effectAllowed = 'move';
                      event.dataTransfer.setData('text/plain', String(index));
                      const item = event.currentTarget.closest('li');
                      if (item) event.dataTransfer.setDragImage(item, 16, 16);
                      setDragged(index);
                    },
                    onDragEnd: () => setDragged(null),
                  }}
                />
              </li>
            );
          })}
        </ol>
      ) : null}
      {tooMany ? (
        <p className="field__error" role="alert">
          {t(`analysis.form.advanced.builder.errors.${tooMany}`)}
        </p>
      ) : null}
      {questions.length < max ? (
        <button ref={addButton} type="button" className="button button--ghost question-builder__add" onClick={add}>
          <Plus aria-hidden="true" size={18} />
          {t('analysis.form.advanced.builder.addQuestion')}
        </button>
      ) : (
        <p className="field__hint">{t('analysis.form.advanced.builder.full', { max })}</p>
      )}
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      {questions.length > 0 ? (
        <Disclosure summary={t('analysis.form.advanced.builder.preview')} className="question-builder__preview">
          <p className="field__hint">{t('analysis.form.advanced.builder.previewHint')}</p>
          <QuestionPreview phase={phase} questions={questions} />
        </Disclosure>
      ) : null}
    </fieldset>
  );
}
