import { Outlet } from 'react-router';
import { PublicHeader } from '#client/components/layout/public-header.tsx';
import { MAIN_CONTENT_ID } from '#client/components/layout/skip-link.tsx';
import { SiteFooter } from '#client/components/layout/site-footer.tsx';

export function PublicLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <PublicHeader />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
