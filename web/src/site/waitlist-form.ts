/**
 * The waitlist form's behaviour (product §2, §4, §5, §8) on the markup of
 * features/marketing/components/waitlist-form.tsx, without a framework (ADR 0011). Like the app's
 * forms: validation on submit, then again as the visitor types; a field's error under it, linked
 * with aria-describedby and flagged with aria-invalid, and the first invalid field focused. States:
 * idle, sending ('Procesando...'), success (alert, form reset, button disabled for good) or failure
 * (alert with the server's reason on a 400, try again). A filled honeypot sends nothing but looks
 * exactly like a success, so bots learn nothing. Every message comes from the form's data
 * attributes, in the page's language.
 */
import { errorStatus, serverMessage } from '@/components/form/server-errors';
import { joinWaitlist } from '@/features/marketing/api/join-waitlist';

/** Product §5: non-space text, '@', non-space text. */
const EMAIL_PATTERN = /^\S+@\S+$/;

/** How long a honeypot "submission" pretends to be on the wire. */
const HONEYPOT_DELAY_MS = 400;

export function enhanceWaitlistForms(root: ParentNode): void {
  for (const form of root.querySelectorAll<HTMLFormElement>('form.waitlist-form')) enhance(form);
}

function enhance(form: HTMLFormElement): void {
  const email = form.elements.namedItem('email');
  const consent = form.elements.namedItem('consent');
  const website = form.elements.namedItem('website');
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (!(email instanceof HTMLInputElement) || !(consent instanceof HTMLInputElement) || !submit) return;
  const honeypot = website instanceof HTMLInputElement ? website : null;
  const messages = form.dataset;
  const submitLabel = submit.textContent ?? '';
  let submitted = false;
  let busy = false;

  /** Shows each field's error (or none); returns the fields in error, in page order. */
  const validate = (): HTMLInputElement[] => {
    const emailOk = EMAIL_PATTERN.test(email.value.trim());
    showError(email, emailOk ? undefined : messages.errorEmail);
    showError(consent, consent.checked ? undefined : messages.errorConsent);
    return [emailOk ? null : email, consent.checked ? null : consent].filter((field) => field !== null);
  };

  const setBusy = (value: boolean) => {
    busy = value;
    if (value) {
      submit.setAttribute('aria-disabled', 'true');
      submit.setAttribute('aria-busy', 'true');
      const spinner = document.createElement('span');
      spinner.className = 'button__spinner';
      spinner.setAttribute('aria-hidden', 'true');
      submit.replaceChildren(spinner, messages.submitting ?? '');
    } else {
      submit.removeAttribute('aria-disabled');
      submit.removeAttribute('aria-busy');
      submit.replaceChildren(submitLabel);
    }
  };

  // After the first submit, errors follow what the visitor types (as in the app's forms).
  const revalidate = () => {
    if (submitted) validate();
  };
  email.addEventListener('input', revalidate);
  consent.addEventListener('change', revalidate);
  submit.addEventListener('click', (event) => {
    if (busy) event.preventDefault();
  });

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    // Enter in a field while the last submit is still running must not send it twice.
    if (busy) return;
    submitted = true;
    const invalid = validate();
    if (invalid.length > 0) {
      invalid[0]?.focus();
      return;
    }
    void send();
  });

  const send = async () => {
    clearOutcome(form);
    setBusy(true);
    try {
      if (honeypot && honeypot.value !== '') {
        // Honeypot filled: a bot. Drop it silently and answer like a real sign-up.
        await new Promise((resolve) => setTimeout(resolve, HONEYPOT_DELAY_MS));
      } else {
        try {
          await joinWaitlist({ email: email.value.trim(), consent: true, website: honeypot?.value ?? '' });
        } catch (error) {
          // A 400 carries the server's reason (e.g. the e-mail rule); other failures only the generic text.
          const reason = errorStatus(error) === 400 ? serverMessage(error) : undefined;
          showOutcome(form, submit, 'error', messages.failure ?? '', reason ? [reason] : []);
          return;
        }
      }
      form.reset();
      submitted = false;
      validateNothing(email, consent);
      submit.disabled = true;
      showOutcome(form, submit, 'success', messages.success ?? '', []).focus();
    } finally {
      setBusy(false);
    }
  };

  // The markup ships the button disabled, so nothing is sent before this script runs.
  submit.disabled = false;
}

/** Removes any error shown under the fields. */
function validateNothing(...fields: HTMLInputElement[]): void {
  for (const field of fields) showError(field, undefined);
}

/** The error line under a field (the app's TextField markup), or none when `message` is undefined. */
function showError(field: HTMLInputElement, message: string | undefined): void {
  const wrapper = field.closest<HTMLElement>('.field');
  if (!wrapper) return;
  const errorId = `${field.id}-error`;
  let line = document.getElementById(errorId);
  if (message === undefined) {
    line?.remove();
    wrapper.removeAttribute('data-invalid');
    field.removeAttribute('aria-invalid');
    field.removeAttribute('aria-describedby');
    return;
  }
  if (!line) {
    line = document.createElement('p');
    line.id = errorId;
    line.className = 'field__error';
    wrapper.append(line);
  }
  line.textContent = message;
  wrapper.dataset.invalid = 'true';
  field.setAttribute('aria-invalid', 'true');
  field.setAttribute('aria-describedby', errorId);
}

function clearOutcome(form: HTMLFormElement): void {
  for (const alert of form.querySelectorAll('.alert')) alert.remove();
}

/**
 * The app's Alert markup after the submit button: success is polite (role="status") and takes the
 * focus, since the form the visitor was in has just been emptied; failure is announced at once.
 */
function showOutcome(
  form: HTMLFormElement,
  after: HTMLElement,
  tone: 'success' | 'error',
  text: string,
  details: readonly string[],
): HTMLElement {
  clearOutcome(form);
  const alert = document.createElement('div');
  alert.setAttribute('role', tone === 'error' ? 'alert' : 'status');
  alert.className = `alert alert--${tone}`;
  alert.dataset.tone = tone;
  alert.dataset.testid = tone === 'error' ? 'waitlist-failure' : 'waitlist-success';
  if (tone === 'success') alert.tabIndex = -1;
  const body = document.createElement('div');
  body.className = 'alert__body';
  body.textContent = text;
  alert.append(body);
  if (details.length > 0) {
    const list = document.createElement('ul');
    list.className = 'alert__details';
    for (const line of details) {
      const item = document.createElement('li');
      item.textContent = line;
      list.append(item);
    }
    alert.append(list);
  }
  after.after(alert);
  return alert;
}
