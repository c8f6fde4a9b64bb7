/**
 * One note in the list: its moment (choose it to seek there), its text, Edit (in place), and a
 * menu with Delete, so that a red link is not on every note (issue 45). A clip also shows its range, title and tags, and 'Reproducir clip' plays only its range.
 * Leaving the editor gives focus back to the Edit button. A clip is a researcher's (ADR 0019): an
 * observer plays it but gets no Edit or Delete for it (the API refuses them anyway).
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Ellipsis } from 'lucide-react';
import { MenuButton } from '@/components/ui/menu-button';
import { serverMessage } from '@/components/form';
import { useUpdateNote } from '@/features/entries/api/update-note';
import { NoteForm } from '@/features/entries/components/note-form';
import { TagList } from '@/components/tag-list';
import { AuthorBadge } from '@/components/author-badge';
import { useTeamRole } from '@/components/session/use-team-role';
import { formatClock } from '@/lib/time';
import type { NoteDto } from '@/lib/api-types/NoteDto';

interface NoteItemProps {
  entryId: string;
  note: NoteDto;
  durationMs: number;
  onSeek: (ms: number) => void;
  onDelete: (note: NoteDto) => void;
  onSaved: (note: NoteDto) => void;
  /** Plays a clip's range. */
  onPlayClip: (note: NoteDto) => void;
}

export function NoteItem({ entryId, note, durationMs, onSeek, onDelete, onSaved, onPlayClip }: NoteItemProps) {
  const { t } = useTranslation();
  const { canResearch } = useTeamRole();
  const mayChange = canResearch || note.endMs === null;
  const [editing, setEditing] = useState(false);
  const update = useUpdateNote(entryId);
  const editRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  const time = note.endMs === null ? formatClock(note.atMs) : `${formatClock(note.atMs)}–${formatClock(note.endMs)}`;

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
          initialEndMs={note.endMs}
          initialTitle={note.title}
          initialTags={note.tags}
          initialText={note.text}
          durationMs={durationMs}
          submitLabel={t('entry.notes.saveEdit')}
          busy={update.isPending}
          serverError={update.isError ? (serverMessage(update.error) ?? t('entry.notes.saveFailed')) : null}
          onCancel={close}
          onSubmit={(change) => {
            update.mutate(
              { noteId: note.id, ...change },
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
    <li
      className="entry-note"
      data-testid="entry-note"
      data-note-id={note.id}
      data-clip={note.endMs !== null || undefined}
    >
      <button
        type="button"
        className="entry-note__time"
        onClick={() => onSeek(note.atMs)}
        aria-label={t('entry.notes.seek', { time })}
      >
        <time>{time}</time>
      </button>
      <div className="entry-note__text">
        {note.title ? <p className="entry-note__title">{note.title}</p> : null}
        {note.text ? <p>{note.text}</p> : null}
        {note.author ? <AuthorBadge author={note.author} /> : null}
        <TagList tags={note.tags} />
      </div>
      <div className="entry-note__actions">
        {note.endMs !== null ? (
          <button
            type="button"
            className="entry-link-button"
            onClick={() => onPlayClip(note)}
            aria-label={t('clips.playLabel', { time })}
          >
            {t('clips.play')}
          </button>
        ) : null}
        {mayChange ? (
          <>
            <button
              ref={editRef}
              type="button"
              className="entry-link-button"
              onClick={() => setEditing(true)}
              aria-label={t('entry.notes.editLabel', { time })}
            >
              {t('entry.notes.edit')}
            </button>
            <MenuButton
              label={t('entry.notes.moreLabel', { time })}
              items={[
                {
                  key: 'delete',
                  label: t('entry.notes.delete'),
                  name: t('entry.notes.deleteLabel', { time }),
                  danger: true,
                  onSelect: () => onDelete(note),
                },
              ]}
            >
              <Ellipsis size={18} />
            </MenuButton>
          </>
        ) : null}
      </div>
    </li>
  );
}
