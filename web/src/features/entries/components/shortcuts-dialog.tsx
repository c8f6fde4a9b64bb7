/**
 * The list of the player's keyboard shortcuts, in the shared Dialog: opened with `?` or the
 * keyboard button of the control bar, closed with Escape or 'Cerrar'.
 */
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog';

/** Each row: the keys (as shown) and what they do (a locale key under entry.shortcuts). */
type EntryShortcutText =
  'toggle' | 'seek5' | 'seek10' | 'chapter' | 'frame' | 'note' | 'mute' | 'theater' | 'fullscreen' | 'help';
/** Rows whose text lives with the clips' strings (`clips.shortcuts`). */
type ClipShortcutText = 'clipEnd';
type ShortcutText = EntryShortcutText | ClipShortcutText;

const isClipRow = (action: ShortcutText): action is ClipShortcutText => action === 'clipEnd';

export const SHORTCUTS: readonly { keys: readonly string[]; action: ShortcutText }[] = [
  { keys: ['spaceKey', 'K'], action: 'toggle' },
  { keys: ['←', '→'], action: 'seek5' },
  { keys: ['J', 'L'], action: 'seek10' },
  { keys: ['[', ']'], action: 'chapter' },
  { keys: [',', '.'], action: 'frame' },
  { keys: ['N'], action: 'note' },
  { keys: ['shiftN'], action: 'clipEnd' },
  { keys: ['M'], action: 'mute' },
  { keys: ['T'], action: 'theater' },
  { keys: ['F'], action: 'fullscreen' },
  { keys: ['?'], action: 'help' },
];

export function ShortcutsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      title={t('entry.shortcuts.title')}
      onClose={onClose}
      size="md"
      testId="shortcuts-dialog"
      actions={
        <button type="button" className="button button--primary" onClick={onClose}>
          {t('entry.player.close')}
        </button>
      }
    >
      <dl className="player-shortcuts">
        {SHORTCUTS.map((row) => (
          <div key={row.action}>
            <dt>
              {row.keys.map((key, i) => (
                <span key={key}>
                  {i > 0 ? ' / ' : null}
                  <kbd>
                    {key === 'spaceKey'
                      ? t('entry.shortcuts.spaceKey')
                      : key === 'shiftN'
                        ? t('clips.shortcuts.shiftN')
                        : key}
                  </kbd>
                </span>
              ))}
            </dt>
            <dd>{isClipRow(row.action) ? t(`clips.shortcuts.${row.action}`) : t(`entry.shortcuts.${row.action}`)}</dd>
          </div>
        ))}
      </dl>
      <p className="text-note">{t('entry.shortcuts.hint')}</p>
    </Dialog>
  );
}
