/**
 * The waitlist form (spec §2, §4, §5): e-mail, consent and a honeypot. States: idle, sending
 * ('Procesando...'), success (alert, form reset, button disabled) or failure (alert, try again).
 * A filled honeypot sends nothing but looks exactly like a success, so bots learn nothing.
 */
import { useId, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import { Alert } from '@/components/alert';
import { errorStatus, Form, serverMessage, TextField, useZodForm, type TranslationKey } from '@/components/form';
import { paths } from '@/config/paths';
import { useJoinWaitlist } from '@/features/marketing/api/join-waitlist';

/** Spec §5: non-space text, '@', non-space text. */
const EMAIL_PATTERN = /^\S+@\S+$/;

const emailMessage: TranslationKey = 'waitlist.errors.email';
const consentMessage: TranslationKey = 'waitlist.errors.consent';

export const waitlistSchema = z.object({
  email: z.string().trim().regex(EMAIL_PATTERN, emailMessage),
  consent: z.boolean().refine((value) => value, consentMessage),
  website: z.string(),
});

type WaitlistValues = z.input<typeof waitlistSchema>;

const EMPTY: WaitlistValues = { email: '', consent: false, website: '' };

/** How long a honeypot "submission" pretends to be on the wire. */
const HONEYPOT_DELAY_MS = 400;

type Outcome = { kind: 'idle' } | { kind: 'success' } | { kind: 'failure'; details: string[] };

export function WaitlistForm({ labelledBy }: { labelledBy?: string }) {
  const { t } = useTranslation();
  const form = useZodForm(waitlistSchema, { defaultValues: EMPTY });
  const join = useJoinWaitlist();
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });

  const onSubmit = async (values: z.output<typeof waitlistSchema>) => {
    setOutcome({ kind: 'idle' });
    if (values.website !== '') {
      // Honeypot filled: a bot. Drop it silently and answer like a real sign-up.
      await new Promise((resolve) => setTimeout(resolve, HONEYPOT_DELAY_MS));
    } else {
      try {
        await join.mutateAsync(values);
      } catch (error) {
        // A 400 carries the server's reason (e.g. the e-mail rule); other failures only the generic text.
        const message = errorStatus(error) === 400 ? serverMessage(error) : undefined;
        setOutcome({ kind: 'failure', details: message ? [message] : [] });
        return;
      }
    }
    form.reset(EMPTY);
    setOutcome({ kind: 'success' });
  };

  const done = outcome.kind === 'success';
  return (
    <Form form={form} onSubmit={onSubmit} className="waitlist-form" aria-labelledby={labelledBy}>
      <TextField<WaitlistValues>
        name="email"
        type="email"
        label={t('waitlist.emailLabel')}
        autoComplete="email"
        required
      />
      <ConsentField />
      <HoneypotField />
      <WaitlistSubmit disabled={done} />
      {outcome.kind === 'success' ? (
        <Alert tone="success" autoFocus testId="waitlist-success">
          {t('waitlist.success')}
        </Alert>
      ) : null}
      {outcome.kind === 'failure' ? (
        <Alert tone="error" details={outcome.details} testId="waitlist-failure">
          {t('waitlist.failure')}
        </Alert>
      ) : null}
      <p className="waitlist-form__note">{t('waitlist.privacyNote')}</p>
    </Form>
  );
}

/** The consent checkbox with a link to the terms; its error is linked like TextField's. */
function ConsentField() {
  const { t, i18n } = useTranslation();
  const { register, getFieldState, formState } = useFormContext<WaitlistValues>();
  const id = useId();
  const errorId = `${id}-error`;
  const message = getFieldState('consent', formState).error?.message;
  const errorText = message && i18n.exists(message) ? t(message as TranslationKey) : message;

  return (
    <div className="field consent-field" data-invalid={errorText ? true : undefined}>
      <div className="consent-field__row">
        <input
          id={id}
          type="checkbox"
          className="consent-field__box"
          aria-required="true"
          aria-invalid={errorText ? true : undefined}
          aria-describedby={errorText ? errorId : undefined}
          {...register('consent')}
        />
        <label htmlFor={id} className="consent-field__label">
          <Trans
            i18nKey="waitlist.consentLabel"
            components={{ 1: <Link to={paths.terms} target="_blank" rel="noopener" /> }}
          />
        </label>
      </div>
      {errorText ? (
        <p id={errorId} className="field__error">
          {errorText}
        </p>
      ) : null}
    </div>
  );
}

/** Bait for bots: off-screen, out of the tab order and the accessibility tree, never autofilled. */
function HoneypotField() {
  const { t } = useTranslation();
  const { register } = useFormContext<WaitlistValues>();
  const id = useId();
  return (
    <div className="visually-hidden" aria-hidden="true">
      <label htmlFor={id}>{t('waitlist.honeypotLabel')}</label>
      <input id={id} type="text" tabIndex={-1} autoComplete="off" aria-hidden="true" {...register('website')} />
    </div>
  );
}

/** Submit button: 'Procesando...' while sending; disabled for good once the sign-up succeeded. */
function WaitlistSubmit({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation();
  const { formState } = useFormContext();
  const busy = formState.isSubmitting;
  return (
    <button
      type="submit"
      className="button button--primary form__submit"
      disabled={disabled}
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
      onClick={(event) => {
        if (busy) event.preventDefault();
      }}
    >
      {busy ? (
        <>
          <span className="button__spinner" aria-hidden="true" />
          {t('waitlist.submitting')}
        </>
      ) : (
        t('waitlist.submit')
      )}
    </button>
  );
}
