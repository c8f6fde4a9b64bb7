/**
 * The body of one stepper step: the scenario (or a neutral text), the URL as a link with 'Abrir la
 * web en una pestaña nueva', or a task with linked URLs. Rendered in the tab and in the floating
 * task window alike.
 */
import { useTranslation } from 'react-i18next';
import { ExternalLink as ExternalLinkIcon } from 'lucide-react';
import type { Step, TextSegment } from '@/features/participate/lib/steps';

function ExternalLink({ href, children }: { href: string; children: string }) {
  const { t } = useTranslation();
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden"> {t('participate.stepper.newTab')}</span>
    </a>
  );
}

function LinkedText({ segments }: { segments: TextSegment[] }) {
  return (
    <>
      {segments.map((segment, i) =>
        segment.kind === 'link' ? (
          <ExternalLink key={i} href={segment.href}>
            {segment.text}
          </ExternalLink>
        ) : (
          <span key={i}>{segment.text}</span>
        ),
      )}
    </>
  );
}

export function StepContent({ step }: { step: Step }) {
  const { t } = useTranslation();
  if (step.kind === 'scenario') {
    return step.text ? (
      <>
        <p className="step__intro">{t('participate.stepper.scenarioIntro')}</p>
        <blockquote className="step__scenario">{step.text}</blockquote>
      </>
    ) : (
      <p className="step__intro">{t('participate.stepper.noScenario')}</p>
    );
  }
  if (step.kind === 'url') {
    return (
      <>
        <p className="step__intro">{t('participate.stepper.urlIntro')}</p>
        <p className="step__url">
          <ExternalLink href={step.href}>{step.href}</ExternalLink>
        </p>
        {/* A link dressed as a button: it navigates, and a real link also works from the floating
            window, where a script-opened tab would need the opener's user activation. */}
        <p className="step__open">
          <a
            className="button button--secondary"
            href={step.href}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="open-site"
          >
            <ExternalLinkIcon size={16} aria-hidden="true" focusable="false" />
            {t('participate.stepper.openSite')}
          </a>
        </p>
      </>
    );
  }
  return (
    <p className="step__task">
      <LinkedText segments={step.segments} />
    </p>
  );
}

/** 'Escenario', the URL step's title, or 'Task N'. */
export function StepTitle({ step }: { step: Step }) {
  const { t } = useTranslation();
  if (step.kind === 'scenario') return <>{t('participate.stepper.scenarioTitle')}</>;
  if (step.kind === 'url') return <>{t('participate.stepper.urlTitle')}</>;
  return <>{t('participate.stepper.taskTitle', { number: step.number })}</>;
}
