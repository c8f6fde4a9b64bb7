/**
 * The note editor, for a new note and for editing one in place: the moment (mm:ss, prefilled) and
 * the text. Enter saves (Shift+Enter starts a new line), Escape cancels. Problems are checked here
 * with the server's wording, and the server's own refusal is shown the same way.
 */
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { readNoteInput, type NoteInputError } from '@/features/entries/lib/note-input';
import { formatClock } from '@/features/entries/lib/time';

interface NoteFormProps {
  initialAtMs: number;
  initialText?: string;
  durationMs: number;
  submitLabel: string;
  busy: boolean;
  /** The server's message after a failed save. */
  serverError?: string | null;
  /** Changes when the form is asked for again (the `n` key): focus returns to the text and the moment is re-read. */
  focusKey?: number;
  onSubmit: (note: { atMs: number; text: string }) => void;
  onCancel: () => void;
  className?: string;
}

const ERROR_KEYS = {
  empty: 'entry.notes.errors.empty',
  tooLong: 'entry.notes.errors.tooLong',
  badTime: 'entry.notes.errors.badTime',
} as const satisfies Record<NoteInputError, string>;

export function NoteForm({
  initialAtMs,
  initialText = '',
  durationMs,
  submitLabel,
  busy,
  serverError,
  focusKey = 0,
  onSubmit,
  onCancel,
  className,
}: NoteFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const textRef = useRef<HTMLTextAreaElement>(null);
  const [time, setTime] = useState(() => formatClock(initialAtMs));
  const [text, setText] = useState(initialText);
  const [error, setError] = useState<NoteInputError | null>(null);

  // Asked again with `n`: the moment follows the playhead and the text gets focus.
  useEffect(() => {
    setTime(formatClock(initialAtMs));
    setError(null);
    textRef.current?.focus();
  }, [focusKey, initialAtMs]);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (busy) return;
    const input = readNoteInput(time, text, durationMs);
    if (!input.ok) {
      setError(input.error);
      return;
    }
    setError(null);
    onSubmit({ atMs: input.atMs, text: input.text });
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onCancel();
    }
  };

  const message = error ? t(ERROR_KEYS[error]) : serverError ?? null;
  const timeInvalid = error === 'badTime';
  const textInvalid = error === 'empty' || error === 'tooLong';

  return (
    <form className={['entry-note-form', className].filter(Boolean).join(' ')} onSubmit={submit} onKeyDown={onKeyDown} noValidate>
      <div className="entry-note-form__fields">
        <div className="entry-note-form__time">
          <label htmlFor={`${id}-time`}>{t('entry.notes.time')}</label>
          <input
            id={`${id}-time`}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            value={time}
            onChange={(event) => setTime(event.currentTarget.value)}
            aria-invalid={timeInvalid || undefined}
            aria-describedby={timeInvalid ? `${id}-error` : undefined}
          />
        </div>
        <div className="entry-note-form__text">
          <label htmlFor={`${id}-text`}>{t('entry.notes.text')}</label>
          <textarea
            id={`${id}-text`}
            ref={textRef}
            rows={2}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
                event.preventDefault();
                submit();
              }
            }}
            aria-invalid={textInvalid || undefined}
            aria-describedby={[textInvalid ? `${id}-error` : null, `${id}-hint`].filter(Boolean).join(' ')}
          />
        </div>
      </div>
      {message ? (
        <p id={`${id}-error`} className="entry-note-form__error" role="alert">
          {message}
        </p>
      ) : null}
      <div className="entry-note-form__actions">
        <p id={`${id}-hint`} className="text-note entry-note-form__hint">
          {t('entry.notes.hint')}
        </p>
        <button type="button" className="button button--ghost" onClick={onCancel}>
          {t('entry.cancel')}
        </button>
        <button type="submit" className="button button--primary" aria-busy={busy || undefined} aria-disabled={busy || undefined}>
          {busy ? t('entry.notes.saving') : submitLabel}
        </button>
      </div>
    </form>
  );
}
