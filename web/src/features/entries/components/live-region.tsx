/** The page's polite live region: announcements for screen readers, invisible on screen. */
import type { Announcement } from '@/features/entries/hooks/use-announcer';

export function LiveRegion({ announcement }: { announcement: Announcement }) {
  return (
    <div role="status" aria-live="polite" aria-atomic="true" className="visually-hidden" data-testid="entry-live">
      {announcement.text ? <span key={announcement.key}>{announcement.text}</span> : null}
    </div>
  );
}
