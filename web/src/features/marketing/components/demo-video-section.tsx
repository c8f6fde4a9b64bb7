/**
 * A sample recording that really plays: a short self-made clip (web/public/demo/) with a poster,
 * native controls and caption tracks. preload="none" keeps the clip off the network until someone
 * presses play, and the poster waits until the player nears the viewport: it is in `data-poster`,
 * which web/src/site/near-viewport.ts turns into the `poster` then (ADR 0011).
 */
import { useTranslation } from 'react-i18next';
import { TextList } from '@/components/ui/text-list';
import { LandingSection } from '@/features/marketing/components/landing-section';

export const DEMO_VIDEO = {
  webm: '/demo/lupa-demo.webm',
  mp4: '/demo/lupa-demo.mp4',
  poster: '/demo/lupa-demo-poster.webp',
  captionsEs: '/demo/lupa-demo.es.vtt',
  subtitlesEn: '/demo/lupa-demo.en.vtt',
  width: 960,
  height: 540,
} as const;

export function DemoVideoSection() {
  const { t, i18n } = useTranslation();
  const english = i18n.resolvedLanguage === 'en';
  return (
    <LandingSection
      id="demo"
      className="section demo"
      headerClass="demo__copy"
      titleId="demo-title"
      title={t('landing.demo.title')}
      lead={t('landing.demo.lead')}
      headerExtra={
        <TextList
          className="checklist list-plain"
          items={['landing.demo.points.screen', 'landing.demo.points.voice', 'landing.demo.points.markers']}
        />
      }
    >
      <figure className="demo__figure">
        <video
          className="demo__video"
          controls
          preload="none"
          playsInline
          data-poster={DEMO_VIDEO.poster}
          width={DEMO_VIDEO.width}
          height={DEMO_VIDEO.height}
          aria-describedby="demo-caption"
        >
          <source src={DEMO_VIDEO.webm} type='video/webm; codecs="vp9, opus"' />
          <source src={DEMO_VIDEO.mp4} type='video/mp4; codecs="avc1.42E01E, mp4a.40.2"' />
          {/* The Spanish think-aloud is burned in; the tracks offer it as text and in English. */}
          <track kind="captions" src={DEMO_VIDEO.captionsEs} srcLang="es" label={t('landing.demo.captions')} />
          <track
            kind="subtitles"
            src={DEMO_VIDEO.subtitlesEn}
            srcLang="en"
            label={t('landing.demo.subtitles')}
            default={english}
          />
          <p>
            {t('landing.demo.fallback')} <a href={DEMO_VIDEO.mp4}>{t('landing.demo.download')}</a>
          </p>
        </video>
        <figcaption id="demo-caption" className="demo__caption">
          {t('landing.demo.videoLabel')}
        </figcaption>
      </figure>
    </LandingSection>
  );
}
