/**
 * The note editor, for a new note or clip and for editing one in place: the moment (mm:ss,
 * prefilled), the end that makes it a clip (Shift+N fills it with the playhead), a title, tags
 * (comma-separated) and the text. Enter in the text saves (Shift+Enter starts a new line), Escape
 * cancels. Problems are checked here with the server's wording, and the server's own refusal is
 * shown the same way.
 */
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { readNoteFields, type ClipInputError, type NoteFields } from '@/features/entries/lib/note-input';
import { formatClock } from '@/lib/time';
import { useTeamRole } from '@/components/session/use-team-role';

interface NoteFormProps {
  initialAtMs: number;
  initialEndMs?: number | null;
  initialTitle?: string | null;
  initialTags?: readonly string[];
  initialText?: string;
  durationMs: number;
  submitLabel: string;
  busy: boolean;
  /** The server's message after a failed save. */
  serverError?: string | null;
  /** Changes when the form is asked for again (`n`, Shift+N): the moments are re-read and focus returns. */
  focusKey?: number;
  onSubmit: (note: NoteFields) => void;
  onCancel: () => void;
  className?: string;
}

const ERROR_KEYS = {
  empty: 'entry.notes.errors.empty',
  tooLong: 'entry.notes.errors.tooLong',
  badTime: 'entry.notes.errors.badTime',
  badEnd: 'clips.errors.badEnd',
  titleTooLong: 'clips.errors.titleTooLong',
  tooManyTags: 'clips.errors.tooManyTags',
  badTag: 'clips.errors.badTag',
} as const satisfies Record<ClipInputError, string>;

/** Which field each problem belongs to, for aria-invalid. */
const FIELD_OF: Record<ClipInputError, 'time' | 'end' | 'title' | 'tags' | 'text'> = {
  empty: 'text',
  tooLong: 'text',
  badTime: 'time',
  badEnd: 'end',
  titleTooLong: 'title',
  tooManyTags: 'tags',
  badTag: 'tags',
};

interface TimeFieldProps {
  id: string;
  label: string;
  value: string;
  placeholder?: string;
  onChange: (value: string) => void;
  /** aria-invalid and the error's id when the problem is this field's. */
  invalid: { 'aria-invalid'?: true; 'aria-describedby'?: string };
}

/** The start and the end of a note or clip: text (m:ss) that readNoteFields reads on submit. */
function TimeField({ id, label, value, placeholder, onChange, invalid }: TimeFieldProps) {
  return (
    <div className="entry-note-form__time">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        value={value}
        placeholder={placeholder}
        onChange={(event) => onChange(event.currentTarget.value)}
        {...invalid}
      />
    </div>
  );
}

// Size: the moment, the clip's end (researchers only, ADR 0019), title, tags and text, with their errors.
export function NoteForm({
  initialAtMs,
  initialEndMs = null,
  initialTitle = null,
  initialTags = [],
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
  const { canResearch } = useTeamRole();
  const id = useId();
  const textRef = useRef<HTMLTextAreaElement>(null);
  const titleRef = useRef<HTMLInputElement>(null);
  const [time, setTime] = useState(() => formatClock(initialAtMs));
  const [end, setEnd] = useState(() => (initialEndMs === null ? '' : formatClock(initialEndMs)));
  const [title, setTitle] = useState(initialTitle ?? '');
  const [tags, setTags] = useState(initialTags.join(', '));
  const [text, setText] = useState(initialText);
  const [error, setError] = useState<ClipInputError | null>(null);

  // Asked again: the moments follow the playhead; the title gets focus once it is a clip, else the text.
  useEffect(() => {
    setTime(formatClock(initialAtMs));
    if (initialEndMs !== null) setEnd(formatClock(initialEndMs));
    setError(null);
    (initialEndMs !== null ? titleRef.current : textRef.current)?.focus();
  }, [focusKey, initialAtMs, initialEndMs]);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (busy) return;
    const input = readNoteFields({ time, end, title, tags, text }, durationMs);
    if (!input.ok) {
      setError(input.error);
      return;
    }
    setError(null);
    const { ok: _ok, ...fields } = input;
    onSubmit(fields);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onCancel();
    }
  };

  const message = error ? t(ERROR_KEYS[error]) : (serverError ?? null);
  const invalid = (field: (typeof FIELD_OF)[ClipInputError]) =>
    error && FIELD_OF[error] === field ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {};

  return (
    <form
      className={['entry-note-form', className].filter(Boolean).join(' ')}
      onSubmit={submit}
      onKeyDown={onKeyDown}
      noValidate
    >
      <div className="entry-note-form__fields">
        <TimeField
          id={`${id}-time`}
          label={t('entry.notes.time')}
          value={time}
          onChange={setTime}
          invalid={invalid('time')}
        />
        {/* The end makes it a clip, which is a researcher's; observers write point notes (ADR 0019). */}
        {canResearch || initialEndMs !== null ? (
          <TimeField
            id={`${id}-end`}
            label={t('clips.form.end')}
            value={end}
            placeholder={t('clips.form.endPlaceholder')}
            onChange={setEnd}
            invalid={invalid('end')}
          />
        ) : null}
        <div className="entry-note-form__text">
          <label htmlFor={`${id}-title`}>{t('clips.form.title')}</label>
          <input
            id={`${id}-title`}
            ref={titleRef}
            type="text"
            autoComplete="off"
            value={title}
            onChange={(event) => setTitle(event.currentTarget.value)}
            {...invalid('title')}
          />
        </div>
        <div className="entry-note-form__text">
          <label htmlFor={`${id}-tags`}>{t('clips.form.tags')}</label>
          <input
            id={`${id}-tags`}
            type="text"
            autoComplete="off"
            value={tags}
            onChange={(event) => setTags(event.currentTarget.value)}
            {...invalid('tags')}
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
            aria-invalid={FIELD_OF[error ?? 'badTime'] === 'text' && error ? true : undefined}
            aria-describedby={[error && FIELD_OF[error] === 'text' ? `${id}-error` : null, `${id}-hint`]
              .filter(Boolean)
              .join(' ')}
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
        <button
          type="submit"
          className="button button--primary"
          aria-busy={busy || undefined}
          aria-disabled={busy || undefined}
        >
          {busy ? t('entry.notes.saving') : submitLabel}
        </button>
      </div>
    </form>
  );
}
