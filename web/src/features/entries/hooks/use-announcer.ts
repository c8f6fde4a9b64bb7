/**
 * A polite live region's text: seeks, saved notes and speed changes are read out to screen-reader
 * users without moving their focus. Each message gets a new key so a repeat is read again.
 */
import { useCallback, useState } from 'react';

export interface Announcement {
  text: string;
  key: number;
}

export function useAnnouncer() {
  const [announcement, setAnnouncement] = useState<Announcement>({ text: '', key: 0 });
  const announce = useCallback((text: string) => setAnnouncement((last) => ({ text, key: last.key + 1 })), []);
  return { announcement, announce };
}
