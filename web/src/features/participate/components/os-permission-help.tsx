/**
 * After a denial, where the participant's operating system keeps the permission (ADR 0010): on
 * macOS, System Settings › Privacy & Security › Screen & System Audio Recording and/or Microphone,
 * then reopening the browser; on Windows, Settings › Privacy › Microphone. Read from the user agent;
 * nothing is shown on other systems (the browser's own settings are in 'Browser Settings Help').
 */
import { useTranslation } from 'react-i18next';
import type { Notice } from '@/features/participate/lib/errors';
import { operatingSystem, systemPaths } from '@/features/participate/lib/os-help';
import type { PermissionNotices } from '@/features/participate/stores/participation-state';

interface OsPermissionHelpProps {
  notices: PermissionNotices;
  /** The user agent to read; the browser's own by default. */
  userAgent?: string;
}

// Only a refusal (NotAllowedError) points at the settings; a missing microphone does not.
const refused = (notice: Notice | null, key: string) => notice?.key === key;

export function OsPermissionHelp({ notices, userAgent = navigator.userAgent }: OsPermissionHelpProps) {
  const { t } = useTranslation();
  const os = operatingSystem(userAgent);
  const paths = systemPaths(os, {
    screen: refused(notices.screen, 'participate.permissions.errors.screenDenied'),
    microphone: refused(notices.microphone, 'participate.permissions.errors.micDenied'),
  });
  if (os === 'other' || paths.length === 0) return null;
  return (
    <section className="os-help" aria-labelledby="os-help-title" data-testid="os-help">
      <h2 id="os-help-title" className="os-help__title">
        {t(os === 'mac' ? 'participate.osHelp.macTitle' : 'participate.osHelp.windowsTitle')}
      </h2>
      <p>{t(os === 'mac' ? 'participate.osHelp.macIntro' : 'participate.osHelp.windowsIntro')}</p>
      <ol className="list-indented">
        {paths.map((path) => (
          <li key={path}>{t(`participate.osHelp.${path}`)}</li>
        ))}
      </ol>
      <p>{t(os === 'mac' ? 'participate.osHelp.macReopen' : 'participate.osHelp.windowsRetry')}</p>
    </section>
  );
}
