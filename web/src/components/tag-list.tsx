/** A note's or clip's tags as a labelled list of small badges (the player's notes, the analysis's list). */
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import '@/components/tag-list.css';

export function TagList({ tags }: { tags: readonly string[] }) {
  const { t } = useTranslation();
  if (tags.length === 0) return null;
  return (
    <ul className="tag-list" aria-label={t('clips.tags')}>
      {tags.map((tag) => (
        <li key={tag}>
          <Badge tone="neutral">{tag}</Badge>
        </li>
      ))}
    </ul>
  );
}
