/**
 * /s/{token}: a share link's page (ADR 0012). No account: it shows exactly what was shared — a
 * recording, a clip, a reel (played back to back with title cards) or the analysis's summary —
 * and nothing else. A link that was revoked, has expired or never existed answers 410 and the page
 * says 'Este enlace ya no está disponible'. The worker serves this page with noindex and
 * no-referrer headers.
 */
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Alert } from '@/components/alert';
import { Stack } from '@/components/ui/stack';
import { errorStatus } from '@/components/form';
import { TagList } from '@/components/tag-list';
import { formatClock } from '@/lib/time';
import { useSharedView } from '@/features/insights/api/shared-view';
import { ClipPlayer } from '@/features/insights/components/clip-player';
import { ReelPlayer } from '@/features/insights/components/reel-player';
import { SharedSummary } from '@/features/insights/components/shared-summary';
import { clipSource } from '@/features/insights/components/title-card';
import type { SharedViewResponse } from '@/lib/api-types/SharedViewResponse';
import '@/features/insights/insights.css';

export function SharePage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const view = useSharedView(token);

  if (view.isPending) {
    return (
      <p className="text-note" role="status">
        {t('clips.shared.loading')}
      </p>
    );
  }
  if (view.isError) {
    const status = errorStatus(view.error);
    const gone = status === 410 || status === 404 || status === 400;
    return (
      <section
        className="card card--snug shared-gone"
        aria-labelledby="shared-gone-title"
        data-testid="share-unavailable"
      >
        <h1 id="shared-gone-title">{gone ? t('clips.shared.gone') : t('clips.shared.loadError')}</h1>
        <p>{gone ? t('clips.shared.goneBody') : t('clips.shared.loadErrorBody')}</p>
        {gone ? null : (
          <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
            {t('entry.retry')}
          </button>
        )}
      </section>
    );
  }
  return <SharedView view={view.data} />;
}

function SharedView({ view }: { view: SharedViewResponse }) {
  const { t, i18n } = useTranslation();
  const expires = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(new Date(view.expiresAt));
  return (
    <article className="stack stack--4 shared" aria-labelledby="shared-title" data-testid="shared-view">
      <Stack as="header" gap={1}>
        <p className="text-note">{t('clips.shared.from', { name: view.analysisName })}</p>
        <h1 id="shared-title">{view.title}</h1>
        <p className="text-note">{t('clips.shared.expires', { date: expires })}</p>
      </Stack>
      {view.recording ? (
        <>
          {view.recording.participantNumber ? (
            <p>{t('entry.participantN', { number: view.recording.participantNumber })}</p>
          ) : null}
          {view.recording.segments.length > 0 ? (
            <ClipPlayer
              clip={{ startMs: 0, endMs: view.recording.durationMs, segments: view.recording.segments }}
              label={t('clips.shared.recordingPlayer')}
              hideCamera={view.hideCamera}
              captionsUrl={view.captionsUrl}
              captionsLanguage={view.captionsLanguage}
              testId="shared-player"
            />
          ) : (
            <Alert tone="info" title={t('clips.shared.notPlayable')} />
          )}
          {view.recording.notes && view.recording.notes.length > 0 ? (
            <section aria-labelledby="shared-notes-title">
              <h2 id="shared-notes-title">{t('entry.notes.title')}</h2>
              <ul className="list-plain">
                {view.recording.notes.map((note) => (
                  <li key={note.id} className="insights-note">
                    <p className="insights-note__meta">
                      <time>
                        {note.endMs === null
                          ? formatClock(note.atMs)
                          : `${formatClock(note.atMs)}–${formatClock(note.endMs)}`}
                      </time>
                    </p>
                    {note.title ? <p className="insights-note__title">{note.title}</p> : null}
                    {note.text ? <p className="insights-note__text">{note.text}</p> : null}
                    <TagList tags={note.tags} />
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </>
      ) : null}
      {view.clip ? (
        <>
          <p>{clipSource(view.clip, t as never)}</p>
          <ClipPlayer
            clip={view.clip}
            label={t('clips.shared.clipPlayer')}
            hideCamera={view.hideCamera}
            captionsUrl={view.captionsUrl}
            captionsLanguage={view.captionsLanguage}
            testId="shared-player"
          />
          {view.clip.text ? <p className="insights-note__text">{view.clip.text}</p> : null}
          <TagList tags={view.clip.tags} />
        </>
      ) : null}
      {view.reel ? (
        view.reel.clips.length > 0 ? (
          <ReelPlayer title={view.reel.title} clips={view.reel.clips} hideCamera={view.hideCamera} />
        ) : (
          <Alert tone="info" title={t('clips.reels.emptyPlayer')} />
        )
      ) : null}
      {view.summary ? <SharedSummary summary={view.summary} /> : null}
    </article>
  );
}
