/** Test helpers: the participation page rendered as its entry mounts it (participate-main.tsx), at a URL, and the way to the shared screen. */
import { fireEvent, render, screen } from '@testing-library/react';
import {
  loadAnalysisStep,
  loadFloatingWindowHost,
  loadPermissionsStep,
} from '@/features/participate/components/recording-steps';
import { ParticipatePage } from '@/features/participate/routes/participate-page';

/** The page reads its analysis id from the address, so the address is set first. */
export function renderParticipatePage(url: string) {
  window.history.replaceState(null, '', url);
  return render(<ParticipatePage />);
}

/**
 * From the invitation at `url` to the shared screen and microphone: 'Participar' on the input step,
 * then 'Compartir pantalla y micrófono' on the permissions step. The first screen gets the longer
 * time-out the tests give it, as it can be slow on a cold run.
 */
export async function openAndShare(url = '/participate/an-1') {
  renderParticipatePage(url);
  fireEvent.click(await screen.findByRole('button', { name: 'Participar' }, { timeout: 5000 }));
  fireEvent.click(await screen.findByRole('button', { name: 'Compartir pantalla y micrófono' }));
}

/**
 * Loads the steps the page imports lazily (permissions, analysis, floating window). Called in a
 * `beforeAll`: the first import of a module makes Vitest transform it and its imports, seconds on
 * a busy machine, which would otherwise count against the first test that reaches the step.
 */
export const loadRecordingSteps = () =>
  Promise.all([loadPermissionsStep(), loadAnalysisStep(), loadFloatingWindowHost()]);
