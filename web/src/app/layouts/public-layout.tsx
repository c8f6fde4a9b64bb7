/**
 * Layout of the public site (/, /home/*, terms, FAQ): header, main content, footer. The build
 * renders these pages to HTML and web/src/site/ gives them their behaviour (ADR 0011); the app
 * renders them only under `vite dev`, and then hands the same markup to the same script.
 */
import { useEffect, useRef } from 'react';
import { Outlet } from 'react-router';
import { PublicFooter } from '@/app/layouts/public-footer';
import { PublicHeader } from '@/app/layouts/public-header';

export function PublicLayout() {
  const page = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = page.current;
    if (element) void import('@/site/start').then((site) => site.enhance(element));
  }, []);
  return (
    <div ref={page} className="page">
      <PublicHeader />
      <main id="main" className="page__main container">
        <Outlet />
      </main>
      <PublicFooter />
    </div>
  );
}
