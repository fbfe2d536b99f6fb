import { Outlet } from 'react-router';
import { Logo } from '#client/components/layout/logo.tsx';
import { MAIN_CONTENT_ID } from '#client/components/layout/skip-link.tsx';
import { paths } from '#client/lib/paths.ts';

/** The signed-in area's frame. */
export function AppLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center px-4 sm:px-6">
          <Logo to={paths.dashboard} />
        </div>
      </header>
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
    </div>
  );
}
