/** Layout with a logo-only header (plus the language picker) for /auth and share pages. */
import { Outlet } from 'react-router';
import { LogoHeaderPage } from '@/components/logo-header-page';

export function LogoHeaderLayout() {
  return (
    <LogoHeaderPage>
      <Outlet />
    </LogoHeaderPage>
  );
}
