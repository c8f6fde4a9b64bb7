/**
 * The researcher's player layout choices, kept in local storage across recordings: theater mode,
 * the camera's corner and whether it is hidden. Missing or unreadable storage gives the defaults.
 */
import { localStorageOrNull } from '@/lib/local-storage';
import { CORNERS, type Corner } from '@/lib/player/camera-sync';

export const PREFS_KEY = 'lupa.player.prefs';

export interface PlayerPrefs {
  theater: boolean;
  cameraCorner: Corner;
  cameraHidden: boolean;
}

export const DEFAULT_PREFS: PlayerPrefs = { theater: false, cameraCorner: 'top-right', cameraHidden: false };

type Store = Pick<Storage, 'getItem' | 'setItem'>;

export function loadPrefs(from: Store | null = localStorageOrNull()): PlayerPrefs {
  try {
    const raw: unknown = JSON.parse(from?.getItem(PREFS_KEY) ?? '{}');
    const value = (raw && typeof raw === 'object' ? raw : {}) as Partial<Record<keyof PlayerPrefs, unknown>>;
    return {
      theater: typeof value.theater === 'boolean' ? value.theater : DEFAULT_PREFS.theater,
      cameraCorner: CORNERS.includes(value.cameraCorner as Corner)
        ? (value.cameraCorner as Corner)
        : DEFAULT_PREFS.cameraCorner,
      cameraHidden: typeof value.cameraHidden === 'boolean' ? value.cameraHidden : DEFAULT_PREFS.cameraHidden,
    };
  } catch {
    return DEFAULT_PREFS;
  }
}

export function savePrefs(prefs: PlayerPrefs, to: Store | null = localStorageOrNull()): void {
  try {
    to?.setItem(PREFS_KEY, JSON.stringify(prefs));
  } catch {
    // Not remembered; the layout still works.
  }
}
