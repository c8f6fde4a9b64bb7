/**
 * The steps that record, loaded when the flow needs them (ADR 0011): the input step is what every
 * participant downloads first, and most never get past a mistyped id. 'Participar' starts loading
 * the permissions step while the id is being checked, so the next steps rarely wait for their code.
 */
export const loadPermissionsStep = () => import('@/features/participate/components/permissions-step');
export const loadAnalysisStep = () => import('@/features/participate/components/analysis-step');
export const loadFloatingWindowHost = () => import('@/features/participate/components/floating-window-host');

/** Starts loading the steps that record; a failure here is retried by the lazy step itself. */
export function preloadRecordingSteps() {
  for (const load of [loadPermissionsStep, loadAnalysisStep, loadFloatingWindowHost]) void load().catch(() => undefined);
}
