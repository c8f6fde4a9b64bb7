/**
 * The team's notes (markers) on the recording: the editor for a new note at the playhead,
 * opened by 'Añadir nota' or the `n` key, and the notes in time order with seek, edit and delete
 * (after confirmation). With notes by more than one person, a filter by author (ADR 0019). Saves and deletions are announced in the page's live region. A new note
 * is scrolled into view as soon as it is in the list (ADR 0015), so saving shows where it went.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/alert';
import { serverMessage } from '@/components/form';
import { useCreateNote } from '@/features/entries/api/create-note';
import { useDeleteNote } from '@/features/entries/api/delete-note';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { NoteForm } from '@/features/entries/components/note-form';
import { NoteItem } from '@/features/entries/components/note-item';
import { formatClock } from '@/lib/time';
import type { NoteDto } from '@/lib/api-types/NoteDto';
import { Badge } from '@/components/ui/badge';
import { NotesAuthorFilter } from '@/features/entries/components/notes-author-filter';
import { notesBy, notesAuthors } from '@/features/entries/lib/note-authors';

/**
 * A request for the new-note editor: where the playhead was, the end when it is a clip (Shift+N or
 * a range dragged on the scrubber), and a counter so a repeat refocuses.
 */
export interface NoteDraft {
  atMs: number;
  endMs: number | null;
  nonce: number;
}

interface NotesPanelProps {
  entryId: string;
  notes: readonly NoteDto[] | undefined;
  loading: boolean;
  loadFailed: boolean;
  onRetry: () => void;
  durationMs: number;
  draft: NoteDraft | null;
  onCloseDraft: () => void;
  onSeek: (ms: number) => void;
  onPlayClip: (note: NoteDto) => void;
  announce: (text: string) => void;
}

// Size: the new-note editor, the list with its author filter and the delete confirmation, around one list.
export function NotesPanel({
  entryId,
  notes,
  loading,
  loadFailed,
  onRetry,
  durationMs,
  draft,
  onCloseDraft,
  onSeek,
  onPlayClip,
  announce,
}: NotesPanelProps) {
  const { t } = useTranslation();
  const create = useCreateNote(entryId);
  const remove = useDeleteNote(entryId);
  const [deleting, setDeleting] = useState<NoteDto | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The note's own buttons are gone after a deletion: the list's heading keeps the reader in place.
  // In an effect, so it runs after the dialog's unmount has given the focus back to its opener
  // (the note's menu button, about to go).
  const [deleted, setDeleted] = useState(0);
  useEffect(() => {
    if (deleted > 0) headingRef.current?.focus();
  }, [deleted]);
  const sectionRef = useRef<HTMLElement>(null);
  // The note just saved, until it has been scrolled to.
  const [reveal, setReveal] = useState<string | null>(null);
  const [authorFilter, setAuthorFilter] = useState('');

  const closeDraft = () => {
    create.reset();
    onCloseDraft();
  };

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        announce(t('entry.announce.noteDeleted', { time: formatClock(deleting.atMs) }));
        setDeleting(null);
        remove.reset();
        setDeleted((count) => count + 1);
      },
    });
  };

  const all = useMemo(() => notes ?? [], [notes]);
  const authors = useMemo(() => notesAuthors(all), [all]);
  // A filter whose author has no notes left (deleted) shows everyone's again.
  const author = authors.some((a) => a.id === authorFilter) ? authorFilter : '';
  const list = author ? notesBy(all, author) : all;

  useEffect(() => {
    if (!reveal) return;
    const items = sectionRef.current?.querySelectorAll<HTMLElement>('[data-note-id]') ?? [];
    const item = Array.from(items).find((element) => element.dataset.noteId === reveal);
    if (!item) return;
    // jsdom has no scrollIntoView.
    item.scrollIntoView?.({ block: 'nearest' });
    setReveal(null);
    // `notes` (not `list`, a new [] on every render while loading): the effect runs again once the
    // saved note is in the list.
  }, [reveal, notes]);

  return (
    <section ref={sectionRef} className="entry-panel entry-notes" aria-labelledby="entry-notes-title">
      <h2 id="entry-notes-title" ref={headingRef} tabIndex={-1}>
        {t('entry.notes.title')}
        {all.length > 0 ? <Badge tone="info">{all.length}</Badge> : null}
      </h2>
      {authors.length > 1 ? (
        <NotesAuthorFilter
          authors={authors}
          value={author}
          onChange={setAuthorFilter}
          shown={list.length}
          total={all.length}
        />
      ) : null}
      {draft ? (
        <NoteForm
          className="entry-note-form--new"
          initialAtMs={draft.atMs}
          initialEndMs={draft.endMs}
          focusKey={draft.nonce}
          durationMs={durationMs}
          submitLabel={t('entry.notes.save')}
          busy={create.isPending}
          serverError={create.isError ? (serverMessage(create.error) ?? t('entry.notes.saveFailed')) : null}
          onCancel={closeDraft}
          onSubmit={(note) =>
            create.mutate(note, {
              onSuccess: (saved) => {
                announce(
                  saved.endMs === null
                    ? t('entry.announce.noteSaved', { time: formatClock(saved.atMs) })
                    : t('clips.announce.clipSaved', { start: formatClock(saved.atMs), end: formatClock(saved.endMs) }),
                );
                setReveal(saved.id);
                closeDraft();
              },
            })
          }
        />
      ) : null}
      {loading ? (
        <p className="text-note" role="status">
          {t('entry.notes.loading')}
        </p>
      ) : loadFailed ? (
        <Alert tone="error" title={t('entry.notes.loadError')}>
          <button type="button" className="button button--ghost" onClick={onRetry}>
            {t('entry.retry')}
          </button>
        </Alert>
      ) : list.length === 0 ? (
        <p className="text-note" data-testid="entry-notes-empty">
          {t('entry.notes.empty')}
        </p>
      ) : (
        <ol className="entry-notes__list" aria-labelledby="entry-notes-title" data-testid="entry-notes">
          {list.map((note) => (
            <NoteItem
              key={note.id}
              entryId={entryId}
              note={note}
              durationMs={durationMs}
              onSeek={onSeek}
              onPlayClip={onPlayClip}
              onDelete={(target) => {
                remove.reset();
                setDeleting(target);
              }}
              onSaved={(saved) => announce(t('entry.announce.noteUpdated', { time: formatClock(saved.atMs) }))}
            />
          ))}
        </ol>
      )}
      {deleting ? (
        <ConfirmDialog
          title={t('entry.notes.deleteTitle')}
          body={t('entry.notes.deleteBody', { time: formatClock(deleting.atMs) })}
          confirmLabel={t('entry.notes.deleteConfirm')}
          cancelLabel={t('entry.cancel')}
          busyLabel={t('entry.working')}
          destructive
          busy={remove.isPending}
          error={
            remove.isError ? (
              <Alert tone="error" title={serverMessage(remove.error) ?? t('entry.notes.deleteFailed')} />
            ) : null
          }
          onConfirm={confirmDelete}
          onCancel={() => setDeleting(null)}
        />
      ) : null}
    </section>
  );
}
