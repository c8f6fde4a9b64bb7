/** Test helper: renders the participation page as its entry mounts it (participate-main.tsx), at a URL. */
import { render } from '@testing-library/react';
import { loadAnalysisStep, loadFloatingWindowHost, loadPermissionsStep } from '@/features/participate/components/recording-steps';
import { ParticipatePage } from '@/features/participate/routes/participate-page';

/** The page reads its analysis id from the address, so the address is set first. */
export function renderParticipatePage(url: string) {
  window.history.replaceState(null, '', url);
  return render(<ParticipatePage />);
}

/**
 * Loads the steps the page imports lazily (permissions, analysis, floating window). Called in a
 * `beforeAll`: the first import of a module makes Vitest transform it and its imports, seconds on
 * a busy machine, which would otherwise count against the first test that reaches the step.
 */
export const loadRecordingSteps = () => Promise.all([loadPermissionsStep(), loadAnalysisStep(), loadFloatingWindowHost()]);
