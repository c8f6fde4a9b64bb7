/**
 * Under the timeline: the playback speed (0.5× to 2×), 'Añadir nota' at the current moment and the
 * keyboard shortcuts, always one click away in a <details>.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PLAYBACK_RATES } from '@/features/entries/hooks/use-player';

interface PlaybackControlsProps {
  rate: number;
  onRate: (rate: number) => void;
  onAddNote: () => void;
}

export function PlaybackControls({ rate, onRate, onAddNote }: PlaybackControlsProps) {
  const { t, i18n } = useTranslation();
  const speedId = useId();
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });

  return (
    <div className="entry-controls">
      <div className="entry-controls__row cluster-between">
        <div className="entry-speed">
          <label htmlFor={speedId}>{t('entry.speed')}</label>
          <select id={speedId} value={String(rate)} onChange={(event) => onRate(Number(event.currentTarget.value))}>
            {PLAYBACK_RATES.map((option) => (
              <option key={option} value={String(option)}>
                {t('entry.speedOption', { rate: number.format(option) })}
              </option>
            ))}
          </select>
        </div>
        <button type="button" className="button button--primary" onClick={onAddNote} aria-keyshortcuts="n">
          {t('entry.notes.add')}
        </button>
      </div>
      <details className="entry-shortcuts">
        <summary>{t('entry.shortcuts.title')}</summary>
        <dl>
          <div>
            <dt>
              <kbd>{t('entry.shortcuts.spaceKey')}</kbd> / <kbd>K</kbd>
            </dt>
            <dd>{t('entry.shortcuts.toggle')}</dd>
          </div>
          <div>
            <dt>
              <kbd>←</kbd> / <kbd>→</kbd>
            </dt>
            <dd>{t('entry.shortcuts.seek5')}</dd>
          </div>
          <div>
            <dt>
              <kbd>J</kbd> / <kbd>L</kbd>
            </dt>
            <dd>{t('entry.shortcuts.seek10')}</dd>
          </div>
          <div>
            <dt>
              <kbd>N</kbd>
            </dt>
            <dd>{t('entry.shortcuts.note')}</dd>
          </div>
        </dl>
        <p className="text-note">{t('entry.shortcuts.hint')}</p>
      </details>
    </div>
  );
}
