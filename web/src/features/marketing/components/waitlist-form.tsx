/**
 * The waitlist form's markup (product §2, §4, §5): e-mail, consent and a honeypot, rendered at build
 * time like the rest of the public pages (ADR 0011). Its behaviour (validation, 'Procesando...',
 * the success and failure alerts, the silent honeypot) is web/src/site/waitlist-form.ts, which
 * reads the messages it may show from the form's data attributes, so they come in the page's
 * language. The fields are those of the app's TextField; the submit button stays disabled until
 * that script runs, so a visitor without it never sends the address in a URL.
 */
import { useId } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

export function WaitlistForm({ labelledBy }: { labelledBy?: string }) {
  const { t } = useTranslation();
  const emailId = useId();
  return (
    <form
      noValidate
      className="form waitlist-form"
      aria-labelledby={labelledBy}
      data-error-email={t('waitlist.errors.email')}
      data-error-consent={t('waitlist.errors.consent')}
      data-submitting={t('waitlist.submitting')}
      data-success={t('waitlist.success')}
      data-failure={t('waitlist.failure')}
    >
      <div className="field">
        <label className="field__label" htmlFor={emailId}>
          {t('waitlist.emailLabel')}
        </label>
        <input
          id={emailId}
          className="field__input"
          type="email"
          name="email"
          autoComplete="email"
          aria-required="true"
        />
      </div>
      <ConsentField />
      <HoneypotField />
      <button type="submit" className="button button--primary form__submit" disabled>
        {t('waitlist.submit')}
      </button>
      <p className="waitlist-form__note">{t('waitlist.privacyNote')}</p>
    </form>
  );
}

/** The consent checkbox with a link to the terms; its error is linked like a text field's. */
function ConsentField() {
  const id = useId();
  return (
    <div className="field consent-field">
      <div className="consent-field__row">
        <input id={id} type="checkbox" name="consent" className="consent-field__box" aria-required="true" />
        <label htmlFor={id} className="consent-field__label">
          <Trans
            i18nKey="waitlist.consentLabel"
            components={{ 1: <Link to={paths.terms} target="_blank" rel="noopener" /> }}
          />
        </label>
      </div>
    </div>
  );
}

/** Bait for bots: off-screen, out of the tab order and the accessibility tree, never autofilled. */
function HoneypotField() {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="visually-hidden" aria-hidden="true">
      <label htmlFor={id}>{t('waitlist.honeypotLabel')}</label>
      <input id={id} type="text" name="website" tabIndex={-1} autoComplete="off" aria-hidden="true" />
    </div>
  );
}
