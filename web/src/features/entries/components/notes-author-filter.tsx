/**
 * The player's filter of notes by author (ADR 0019): a labelled native select (everyone, each
 * author, notes of deleted accounts), and while it filters, a status line saying how many of the
 * notes are shown.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { UNKNOWN_AUTHOR, type NoteAuthor } from '@/features/entries/lib/note-authors';
import '@/features/entries/notes-filter.css';

interface NotesAuthorFilterProps {
  authors: readonly NoteAuthor[];
  /** An author's id, `UNKNOWN_AUTHOR`, or '' for everyone. */
  value: string;
  onChange: (value: string) => void;
  shown: number;
  total: number;
}

export function NotesAuthorFilter({ authors, value, onChange, shown, total }: NotesAuthorFilterProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="entry-notes__filter">
      <label htmlFor={id}>{t('entry.notes.authorFilter')}</label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        data-testid="notes-author-filter"
      >
        <option value="">{t('entry.notes.allAuthors')}</option>
        {authors.map((option) => (
          <option key={option.id} value={option.id}>
            {option.id === UNKNOWN_AUTHOR ? t('entry.notes.unknownAuthor') : option.name}
          </option>
        ))}
      </select>
      {value ? (
        <p className="text-note" role="status">
          {t('entry.notes.filtered', { shown, total })}
        </p>
      ) : null}
    </div>
  );
}
