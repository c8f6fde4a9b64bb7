/**
 * A list of sentences from the locale files (reminders, tips, steps), one item per key, in the
 * order given: the words stay in the locale files, the list's markup here. `ordered` for steps.
 */
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '@/components/form/translation-key';

interface TextListProps {
  items: readonly TranslationKey[];
  className?: string;
  ordered?: boolean;
}

export function TextList({ items, className, ordered = false }: TextListProps) {
  const { t } = useTranslation();
  const List = ordered ? 'ol' : 'ul';
  return (
    <List className={className}>
      {items.map((key) => (
        <li key={key}>{t(key)}</li>
      ))}
    </List>
  );
}
