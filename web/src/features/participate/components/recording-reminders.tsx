/**
 * The recording panel's reminders and privacy notes (product §2.4: reminder lists). Open for the
 * first minute, while they matter most, then folded behind one button so the panel leaves room for
 * the tasks (issue 45); the participant can open or close them at any time, and once they have,
 * their choice stays.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDown } from 'lucide-react';
import { TextList } from '@/components/ui/text-list';

/** How long the reminders stay open on their own. */
export const REMINDERS_OPEN_MS = 60_000;

export function RecordingReminders({ elapsedMs }: { elapsedMs: number }) {
  const { t } = useTranslation();
  const id = useId();
  // null until the participant toggles: then the minute no longer decides.
  const [chosen, setChosen] = useState<boolean | null>(null);
  const open = chosen ?? elapsedMs < REMINDERS_OPEN_MS;
  return (
    <div className="recording-reminders" data-open={open}>
      <button
        type="button"
        className="recording-reminders__toggle"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setChosen(!open)}
      >
        {t('participate.analysis.remindersToggle')}
        <ChevronDown size={16} aria-hidden="true" focusable="false" className="recording-reminders__chevron" />
      </button>
      <div id={id} hidden={!open} data-testid="recording-reminders">
        <h2 className="recording-panel__title">{t('participate.analysis.remindersTitle')}</h2>
        <TextList
          className="recording-panel__list"
          items={[
            'participate.analysis.reminder1',
            'participate.analysis.reminder2',
            'participate.analysis.reminder3',
            'participate.analysis.reminder4',
          ]}
        />
        <h2 className="recording-panel__title">{t('participate.analysis.privacyTitle')}</h2>
        <TextList
          className="recording-panel__list"
          items={['participate.analysis.privacy1', 'participate.analysis.privacy2']}
        />
      </div>
    </div>
  );
}
