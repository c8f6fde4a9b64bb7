/** Test helper: renders the participation page as its entry mounts it (participate-main.tsx), at a URL. */
import { render } from '@testing-library/react';
import { ParticipatePage } from '@/features/participate/routes/participate-page';

/** The page reads its analysis id from the address, so the address is set first. */
export function renderParticipatePage(url: string) {
  window.history.replaceState(null, '', url);
  return render(<ParticipatePage />);
}
