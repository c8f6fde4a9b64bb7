/** Layout of the public site (/, /home/*, terms, FAQ): header, main content, footer. */
import { Outlet } from 'react-router';
import { PublicFooter } from '@/app/layouts/public-footer';
import { PublicHeader } from '@/app/layouts/public-header';

export function PublicLayout() {
  return (
    <div className="page">
      <PublicHeader />
      <main id="main" className="page__main container">
        <Outlet />
      </main>
      <PublicFooter />
    </div>
  );
}
