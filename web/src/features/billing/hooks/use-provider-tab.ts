/**
 * Opening a payment provider's page (checkout, customer portal) from a button: the pending tab is
 * opened inside the click (lib/open-in-new-tab.ts), the API call names the URL, then the tab goes
 * there; a failure closes the empty tab and keeps the message to show. A second click while the
 * call is on its way does nothing. `opened` says the tab was sent to the provider.
 */
import { useState } from 'react';
import { openPendingTab } from '@/features/billing/lib/open-in-new-tab';

interface ProviderCall<Answer> {
  isPending: boolean;
  mutateAsync: () => Promise<Answer>;
}

interface ProviderTabOptions<Answer> {
  /** Shown in the tab while it waits. */
  waitingText: string;
  urlOf: (answer: Answer) => string;
  errorMessage: (failure: unknown) => string;
  onOpened?: () => void;
}

export function useProviderTab<Answer>(
  call: ProviderCall<Answer>,
  { waitingText, urlOf, errorMessage, onOpened }: ProviderTabOptions<Answer>,
) {
  const [error, setError] = useState<string | null>(null);
  const [opened, setOpened] = useState(false);

  const open = () => {
    if (call.isPending) return;
    setError(null);
    setOpened(false);
    // Opened inside the click, before the call, so popup blockers let it through.
    const tab = openPendingTab(waitingText);
    call
      .mutateAsync()
      .then((answer) => {
        tab.go(urlOf(answer));
        setOpened(true);
        onOpened?.();
      })
      .catch((failure: unknown) => {
        tab.close();
        setError(errorMessage(failure));
      });
  };

  return { open, error, opened };
}
