/**
 * The live view's quick note (issue 45): 'N' opens one line under the picture, Enter saves what
 * was typed at the moment the line was opened, Escape (or an empty line) closes it. The picture
 * goes on meanwhile. Saved, it is in the notes list at once and a screen reader hears so; focus
 * goes back where it was, so 'N' works again straight away.
 */
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '@/components/form';
import { useCreateNote } from '@/features/entries/api/create-note';
import { MAX_NOTE_LENGTH } from '@/features/entries/lib/note-input';
import { formatClock } from '@/lib/time';

interface QuickNoteProps {
  entryId: string;
  atMs: number;
  onClose: () => void;
  announce: (message: string) => void;
}

export function QuickNote({ entryId, atMs, onClose, announce }: QuickNoteProps) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState('');
  const create = useCreateNote(entryId);
  const inputRef = useRef<HTMLInputElement>(null);
  // Where focus was when 'N' was pressed, to give it back.
  const before = useRef<Element | null>(null);
  const time = formatClock(atMs);

  useEffect(() => {
    before.current = document.activeElement;
    inputRef.current?.focus();
  }, []);

  const close = () => {
    const last = before.current;
    if (last instanceof HTMLElement && last.isConnected && last !== document.body) last.focus();
    else inputRef.current?.blur();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = text.trim();
    if (!value) return close();
    create.mutate(
      { atMs, text: value },
      {
        onSuccess: () => {
          announce(t('entry.announce.noteSaved', { time }));
          close();
        },
      },
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    close();
  };

  const error = create.isError ? (serverMessage(create.error) ?? t('entry.notes.saveFailed')) : null;
  return (
    <form className="live-quick-note" onSubmit={submit} data-testid="live-quick-note">
      <label htmlFor={id}>{t('live.quickNote.label', { time })}</label>
      <input
        ref={inputRef}
        id={id}
        type="text"
        autoComplete="off"
        maxLength={MAX_NOTE_LENGTH}
        value={text}
        readOnly={create.isPending}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        aria-invalid={error ? true : undefined}
        onChange={(event) => setText(event.currentTarget.value)}
        onKeyDown={onKeyDown}
      />
      <p id={`${id}-hint`} className="text-note">
        {t('live.quickNote.hint')}
      </p>
      {error ? (
        <p id={`${id}-error`} className="live-quick-note__error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
