/**
 * The note over the picture while a segment recorded at a reduced quality tier plays (issue 48):
 * the participant's recorder lowered its rates for a slow uplink, so a blurred picture is the
 * connection's doing, and the researcher reads it in words (not a colour). It sits at the top of
 * the picture, on the side the camera's picture is not, and lets clicks through to the video.
 */
import { SignalLow } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import '@/features/entries/quality-note.css';

interface QualityNoteProps {
  /** The tier of the segment on screen: 0 (product §9's rates) shows nothing. */
  tier: number;
  /** The top corner it takes: away from the camera's. */
  side: 'left' | 'right';
}

export function QualityNote({ tier, side }: QualityNoteProps) {
  const { t } = useTranslation();
  if (!(tier > 0)) return null;
  return (
    <p className="player-quality" data-side={side} data-testid="player-quality">
      <SignalLow aria-hidden="true" size={16} />
      <span>{t('entry.player.reducedQuality')}</span>
    </p>
  );
}
