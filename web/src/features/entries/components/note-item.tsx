/**
 * One note in the list: its moment (choose it to seek there), its text, and Edit (in place) and
 * Delete. Leaving the editor gives focus back to the Edit button.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '@/components/form';
import { useUpdateNote } from '@/features/entries/api/update-note';
import { NoteForm } from '@/features/entries/components/note-form';
import { formatClock } from '@/features/entries/lib/time';
import type { NoteDto } from '@/lib/api-types/NoteDto';

interface NoteItemProps {
  entryId: string;
  note: NoteDto;
  durationMs: number;
  onSeek: (ms: number) => void;
  onDelete: (note: NoteDto) => void;
  onSaved: (note: NoteDto) => void;
}

export function NoteItem({ entryId, note, durationMs, onSeek, onDelete, onSaved }: NoteItemProps) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const update = useUpdateNote(entryId);
  const editRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  const time = formatClock(note.atMs);

  useEffect(() => {
    if (!editing && returnFocus.current) {
      returnFocus.current = false;
      editRef.current?.focus();
    }
  }, [editing]);

  const close = () => {
    returnFocus.current = true;
    update.reset();
    setEditing(false);
  };

  if (editing) {
    return (
      <li className="entry-note entry-note--editing" data-testid="entry-note">
        <NoteForm
          initialAtMs={note.atMs}
          initialText={note.text}
          durationMs={durationMs}
          submitLabel={t('entry.notes.saveEdit')}
          busy={update.isPending}
          serverError={update.isError ? serverMessage(update.error) ?? t('entry.notes.saveFailed') : null}
          onCancel={close}
          onSubmit={(change) => {
            update.mutate(
              { noteId: note.id, atMs: change.atMs, text: change.text },
              {
                onSuccess: (saved) => {
                  close();
                  onSaved(saved);
                },
              },
            );
          }}
        />
      </li>
    );
  }

  return (
    <li className="entry-note" data-testid="entry-note">
      <button
        type="button"
        className="entry-note__time"
        onClick={() => onSeek(note.atMs)}
        aria-label={t('entry.notes.seek', { time })}
      >
        <time>{time}</time>
      </button>
      <p className="entry-note__text">{note.text}</p>
      <div className="entry-note__actions">
        <button
          ref={editRef}
          type="button"
          className="entry-link-button"
          onClick={() => setEditing(true)}
          aria-label={t('entry.notes.editLabel', { time })}
        >
          {t('entry.notes.edit')}
        </button>
        <button
          type="button"
          className="entry-link-button entry-link-button--danger"
          onClick={() => onDelete(note)}
          aria-label={t('entry.notes.deleteLabel', { time })}
        >
          {t('entry.notes.delete')}
        </button>
      </div>
    </li>
  );
}
