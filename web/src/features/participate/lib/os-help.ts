/**
 * Which system-level help a denied permission needs (ADR 0010). On macOS the usual cause of a
 * refusal is the system's own privacy setting (Screen & System Audio Recording, Microphone), which
 * the browser cannot ask for again; on Windows it is the microphone switch in Settings. The
 * operating system is read from the user agent, which every browser still fills in (Chromium's
 * reduced UA keeps 'Macintosh' and 'Windows NT').
 */

export type OperatingSystem = 'mac' | 'windows' | 'other';

/** iPhone and iPad are not macOS (the pre-flight check keeps them out anyway). */
export function operatingSystem(userAgent: string): OperatingSystem {
  if (/\b(iPhone|iPad|iPod)\b/.test(userAgent)) return 'other';
  if (/\bMac(intosh| OS X)\b/.test(userAgent)) return 'mac';
  if (/\bWindows\b/.test(userAgent)) return 'windows';
  return 'other';
}

/** A settings path to show: its locale key and whether the browser must be reopened afterwards. */
export type SystemPath = 'macScreen' | 'macMicrophone' | 'windowsMicrophone';

/**
 * The system paths worth showing for what was denied. Windows has no system switch for screen
 * capture, so a screen denial there is the browser's alone and has no path.
 */
export function systemPaths(os: OperatingSystem, denied: { screen: boolean; microphone: boolean }): SystemPath[] {
  const paths: SystemPath[] = [];
  if (os === 'mac') {
    if (denied.screen) paths.push('macScreen');
    if (denied.microphone) paths.push('macMicrophone');
  } else if (os === 'windows' && denied.microphone) {
    paths.push('windowsMicrophone');
  }
  return paths;
}
