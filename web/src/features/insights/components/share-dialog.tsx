/**
 * 'Compartir' (ADR 0012): a read-only link to a recording, a clip, a reel or the summary for
 * someone without an account. The researcher picks when it expires (7, 30 or 90 days), whether to
 * hide the camera and include the notes, and for a recording or clip whether to show captions
 * (ADR 0018); the new link is shown once, to copy. The dialog also lists this item's links with
 * their views and state, each revocable. Clip and reel links say that they expose the whole
 * recording files around the clip for an hour (no cutting on the server).
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/alert';
import { serverMessage } from '@/components/form';
import { Dialog } from '@/components/ui/dialog';
import { Stack } from '@/components/ui/stack';
import {
  EXPIRY_DAYS,
  useCreateShare,
  useShares,
  type ExpiryDays,
  type ShareKind,
} from '@/features/insights/api/shares';
import { CopyLinkButton } from '@/features/insights/components/copy-link-button';
import { ShareList } from '@/features/insights/components/share-list';
import '@/components/form/form.css';

export interface ShareTarget {
  kind: ShareKind;
  targetId: string | null;
  /** What is shared, in words ('el clip «Se pierde»'). */
  label: string;
}

interface ShareDialogProps {
  analysisId: string;
  target: ShareTarget;
  onClose: () => void;
}

export function ShareDialog({ analysisId, target, onClose }: ShareDialogProps) {
  const { t } = useTranslation();
  const id = useId();
  const create = useCreateShare(analysisId);
  const shares = useShares(analysisId);
  const [days, setDays] = useState<ExpiryDays>(30);
  const [hideCamera, setHideCamera] = useState(false);
  const [includeNotes, setIncludeNotes] = useState(false);
  const [captions, setCaptions] = useState(false);
  const media = target.kind !== 'summary';
  const partial = target.kind === 'clip' || target.kind === 'reel';
  const captioned = target.kind === 'recording' || target.kind === 'clip';
  const mine = (shares.data ?? []).filter((share) => share.kind === target.kind && share.targetId === target.targetId);

  const submit = () =>
    create.mutate({
      kind: target.kind,
      targetId: target.targetId,
      expiresInDays: days,
      hideCamera: media && hideCamera,
      includeNotes: media && includeNotes,
      captions: captioned && captions,
    });

  return (
    <Dialog
      title={t('clips.share.title')}
      description={t('clips.share.description', { what: target.label })}
      onClose={onClose}
      size="md"
      testId="share-dialog"
      actions={
        <button type="button" className="button button--ghost" onClick={onClose}>
          {t('entry.player.close')}
        </button>
      }
    >
      <div className="stack stack--4 share-dialog">
        {partial ? <Alert tone="info" title={t('clips.share.wholeFiles')} testId="share-whole-files" /> : null}
        <fieldset className="share-dialog__fieldset">
          <legend className="form-legend">{t('clips.share.expiry')}</legend>
          <div className="cluster">
            {EXPIRY_DAYS.map((value) => (
              <label key={value} className="share-dialog__choice">
                <input
                  type="radio"
                  name={`${id}-days`}
                  value={value}
                  checked={days === value}
                  onChange={() => setDays(value)}
                />
                {t('clips.share.days', { count: value })}
              </label>
            ))}
          </div>
        </fieldset>
        {media ? (
          <Stack gap={2}>
            <label className="share-dialog__choice">
              <input
                type="checkbox"
                checked={hideCamera}
                onChange={(event) => setHideCamera(event.currentTarget.checked)}
              />
              {t('clips.share.hideCamera')}
            </label>
            <label className="share-dialog__choice">
              <input
                type="checkbox"
                checked={includeNotes}
                onChange={(event) => setIncludeNotes(event.currentTarget.checked)}
              />
              {t('clips.share.includeNotes')}
            </label>
            {captioned ? (
              <label className="share-dialog__choice">
                <input
                  type="checkbox"
                  checked={captions}
                  onChange={(event) => setCaptions(event.currentTarget.checked)}
                />
                {t('transcript.shareCaptions')}
              </label>
            ) : null}
          </Stack>
        ) : null}
        <div>
          <button
            type="button"
            className="button button--primary"
            onClick={submit}
            aria-busy={create.isPending || undefined}
          >
            {create.isPending ? t('entry.working') : t('clips.share.create')}
          </button>
        </div>
        {create.isError ? (
          <Alert tone="error" title={serverMessage(create.error) ?? t('clips.share.createFailed')} />
        ) : null}
        {create.data ? (
          <Stack gap={1} className="share-dialog__created" data-testid="share-created">
            <label htmlFor={`${id}-url`}>{t('clips.share.link')}</label>
            <div className="cluster share-dialog__url">
              <input
                id={`${id}-url`}
                type="text"
                readOnly
                value={create.data.url}
                onFocus={(event) => event.currentTarget.select()}
              />
              <CopyLinkButton url={create.data.url} />
            </div>
            <p className="text-note">{t('clips.share.onlyOnce')}</p>
          </Stack>
        ) : null}
        <ShareList analysisId={analysisId} shares={mine} heading={t('clips.share.existing')} />
      </div>
    </Dialog>
  );
}
