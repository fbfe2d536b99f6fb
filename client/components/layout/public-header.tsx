import { Menu, X } from 'lucide-react';
import { Link, NavLink } from 'react-router';
import { buttonClasses } from '#client/components/ui/button.tsx';
import { cn } from '#client/lib/cn.ts';
import { paths } from '#client/lib/paths.ts';
import { Logo } from './logo.tsx';
import { useMenuPanel } from './use-menu-panel.ts';

const links = [
  { label: 'Home', to: paths.home },
  { label: 'Features', to: paths.features },
  { label: 'About', to: paths.about },
];

function navLinkClasses({ isActive }: { isActive: boolean }) {
  return cn(
    'rounded-lg px-3 py-2 text-sm font-medium transition hover:bg-muted',
    isActive ? 'text-foreground' : 'text-muted-foreground',
  );
}

/** The signed-out top menu; below the md breakpoint it folds into a toggled panel. */
export function PublicHeader() {
  const { panelId, open, toggle } = useMenuPanel();

  return (
    <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Logo />
        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {links.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end className={navLinkClasses}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="hidden items-center gap-2 md:flex">
          <Link to={paths.login} className={buttonClasses('ghost')}>
            Log In
          </Link>
          <Link to={paths.signup} className={buttonClasses('primary')}>
            Sign Up
          </Link>
        </div>
        <button
          type="button"
          className={buttonClasses('ghost', 'icon', 'md:hidden')}
          aria-expanded={open}
          aria-controls={panelId}
          aria-label={open ? 'Close menu' : 'Open menu'}
          onClick={toggle}
        >
          {open ? (
            <X aria-hidden="true" className="size-5" />
          ) : (
            <Menu aria-hidden="true" className="size-5" />
          )}
        </button>
      </div>
      <div id={panelId} hidden={!open} className="border-t bg-background px-4 pb-4 md:hidden">
        <nav aria-label="Main">
          <ul className="flex flex-col gap-1 pt-3">
            {links.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end className={(state) => cn(navLinkClasses(state), 'block')}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="mt-3 grid grid-cols-2 gap-2">
          <Link to={paths.login} className={buttonClasses('outline')}>
            Log In
          </Link>
          <Link to={paths.signup} className={buttonClasses('primary')}>
            Sign Up
          </Link>
        </div>
      </div>
    </header>
  );
}
