/**
 * Step 2 (product §2): the 'Pantalla' and 'Micrófono' cards, 'Compartir pantalla y micrófono' (then
 * 'Try Again' with 'Browser Settings Help' and the system's own settings after a denial), the
 * microphone check inside its card once it is granted, product §8's error messages with troubleshooting tips,
 * 'Salir del análisis', and 'Siguiente' once both are granted.
 */
import { useEffect } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/alert';
import { BusyButton } from '@/components/ui/busy-button';
import { TextList } from '@/components/ui/text-list';
import { BrowserHelp } from '@/features/participate/components/browser-help';
import { CameraCard } from '@/features/participate/components/camera-card';
import { MicrophoneCheck } from '@/features/participate/components/microphone-check';
import { NoticeAlert } from '@/features/participate/components/notice-alert';
import { OsPermissionHelp } from '@/features/participate/components/os-permission-help';
import { ParticipateCard } from '@/features/participate/components/participate-card';
import { PermissionCard } from '@/features/participate/components/permission-card';
import { useRecorderMime } from '@/features/participate/hooks/use-recorder-mime';
import { askExitAtom } from '@/features/participate/stores/exit-actions';
import { openConsentAtom, requestPermissionsAtom } from '@/features/participate/stores/permission-actions';
import { probeUplinkAtom } from '@/features/participate/stores/uplink-probe';
import { cameraAtom } from '@/features/participate/stores/camera-state';
import { busyAtom, permissionsAtom } from '@/features/participate/stores/participation-state';

export function PermissionsStep() {
  const { t } = useTranslation();
  const permissions = useAtomValue(permissionsAtom);
  const camera = useAtomValue(cameraAtom);
  const busy = useAtomValue(busyAtom);
  const request = useSetAtom(requestPermissionsAtom);
  const openConsent = useSetAtom(openConsentAtom);
  const exit = useSetAtom(askExitAtom);
  const probe = useSetAtom(probeUplinkAtom);
  // While the participant grants access, a short upload measures the uplink: the recording then
  // starts at a quality tier it keeps up with (ADR 0023).
  useEffect(() => void probe(), [probe]);
  // Also loads the recorder early, so recording starts at once after the consent.
  const recorder = useRecorderMime();
  const requesting = busy === 'permissions';
  const { notices } = permissions;

  return (
    <ParticipateCard
      titleId="participate-permissions-title"
      title={t('participate.permissions.title')}
      className="participate--medium"
    >
      <p className="participate-lead">{t('participate.permissions.intro')}</p>

      <ul className="permission-cards" aria-label={t('participate.permissions.cardsLabel')}>
        <PermissionCard
          icon="screen"
          name={t('participate.permissions.screen')}
          description={t('participate.permissions.screenDescription')}
          status={permissions.screen}
        />
        <PermissionCard
          icon="microphone"
          name={t('participate.permissions.microphone')}
          description={t('participate.permissions.microphoneDescription')}
          status={permissions.microphone}
        >
          {permissions.microphone === 'granted' ? <MicrophoneCheck /> : null}
        </PermissionCard>
        <CameraCard />
      </ul>

      <div className="participate-stack">
        {recorder.status === 'ready' && !recorder.mime ? (
          <Alert tone="warning">
            <p>{t('participate.permissions.recorderUnsupported')}</p>
          </Alert>
        ) : null}
        <NoticeAlert notice={notices.general} testId="permissions-general-error" />
        <NoticeAlert notice={notices.screen} testId="permissions-screen-error" />
        <NoticeAlert notice={notices.microphone} testId="permissions-microphone-error" />
        {/* Polite announcements of progress; errors above announce themselves (role="alert"). */}
        <p className="visually-hidden" role="status">
          {requesting
            ? t('participate.permissions.requesting')
            : permissions.bothGranted
              ? t('participate.permissions.ready')
              : ''}
        </p>
        {permissions.bothGranted ? (
          <p className="participate-ready" aria-hidden="true">
            {t('participate.permissions.ready')}
          </p>
        ) : null}
      </div>

      {!permissions.bothGranted ? (
        <div className="participate-actions participate-actions--start">
          <BusyButton className="button button--primary" busy={requesting} spinner onClick={() => void request()}>
            {requesting
              ? t('participate.permissions.requesting')
              : permissions.anyDenied
                ? t('participate.permissions.tryAgain')
                : t('participate.permissions.share')}
          </BusyButton>
          {permissions.anyDenied ? <BrowserHelp /> : null}
        </div>
      ) : null}
      {permissions.anyDenied ? <OsPermissionHelp notices={notices} /> : null}

      {permissions.hasError ? (
        <div className="participate-tips">
          <h2 className="participate-subtitle">{t('participate.permissions.tipsTitle')}</h2>
          <TextList
            className="list-indented"
            items={[
              'participate.permissions.tip1',
              'participate.permissions.tip2',
              'participate.permissions.tip3',
              'participate.permissions.tip4',
            ]}
          />
        </div>
      ) : null}

      <div className="participate-actions participate-actions--split">
        <button type="button" className="button button--ghost" onClick={() => exit()}>
          {t('participate.permissions.exit')}
        </button>
        <button
          type="button"
          className="button button--primary"
          disabled={!permissions.bothGranted || !camera.satisfied || busy !== null}
          onClick={() => openConsent()}
        >
          {t('participate.permissions.next')}
        </button>
      </div>
    </ParticipateCard>
  );
}
