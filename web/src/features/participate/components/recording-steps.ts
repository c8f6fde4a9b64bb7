/**
 * The steps that record, and the flow's modals (consent, leaving, stopped, success), loaded when
 * the flow needs them (ADR 0011): the input step is what every participant downloads first, and
 * most never get past a mistyped id. 'Participar' starts loading them while the id is being
 * checked, so the consent modal and the next steps rarely wait for their code.
 */
export const loadPermissionsStep = () => import('@/features/participate/components/permissions-step');
export const loadAnalysisStep = () => import('@/features/participate/components/analysis-step');
export const loadFloatingWindowHost = () => import('@/features/participate/components/floating-window-host');
export const loadFlowModals = () => import('@/features/participate/components/flow-modals');
/** The actions the flow's own component needs only once those steps run (consent, the timer). */
export const loadPermissionActions = () => import('@/features/participate/stores/permission-actions');
export const loadRecordingActions = () => import('@/features/participate/stores/recording-actions');

/** Starts loading the steps that record and the modals; a failure here is retried by the lazy component itself. */
export function preloadRecordingSteps() {
  for (const load of [loadFlowModals, loadPermissionsStep, loadAnalysisStep, loadFloatingWindowHost])
    void load().catch(() => undefined);
}
