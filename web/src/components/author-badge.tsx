/**
 * Who wrote a note or clip, or made a reel or a share link (ADR 0019): the author's initials in a
 * small circle and their name. The circle is decorative (the name says it all to a screen reader);
 * the line reads 'Por Ana García' so it is clear what the name is. Never used on share pages.
 */
import { useTranslation } from 'react-i18next';
import type { AuthorDto } from '@/lib/api-types/AuthorDto';
import '@/components/author-badge.css';

export function AuthorBadge({ author, className }: { author: AuthorDto; className?: string }) {
  const { t } = useTranslation();
  return (
    <p className={['author-badge', className].filter(Boolean).join(' ')} data-testid="author-badge">
      <span className="author-badge__initials" aria-hidden="true">
        {author.initials}
      </span>
      <span className="author-badge__name">{t('team.author.by', { name: author.name })}</span>
    </p>
  );
}
