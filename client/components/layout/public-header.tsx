import { Link } from 'react-router';
import { buttonClasses } from '#client/components/ui/button.tsx';
import { cn } from '#client/lib/cn.ts';
import { paths } from '#client/lib/paths.ts';
import { Logo } from './logo.tsx';
import { MainNav, MenuToggle } from './main-nav.tsx';
import { useMenuPanel } from './use-menu-panel.ts';

const links = [
  { label: 'Home', to: paths.home },
  { label: 'Features', to: paths.features },
  { label: 'Pricing', to: paths.pricing },
  { label: 'About', to: paths.about },
  { label: 'Help', to: paths.help },
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
        <MainNav
          links={links}
          className="hidden md:block"
          listClassName="flex items-center gap-1"
          linkClassName={navLinkClasses}
          end
        />
        <div className="hidden items-center gap-2 md:flex">
          <Link to={paths.login} className={buttonClasses('ghost')}>
            Log In
          </Link>
          <Link to={paths.signup} className={buttonClasses('primary')}>
            Sign Up
          </Link>
        </div>
        <MenuToggle open={open} panelId={panelId} onToggle={toggle} className="md:hidden" />
      </div>
      <div id={panelId} hidden={!open} className="border-t bg-background px-4 pb-4 md:hidden">
        <MainNav
          links={links}
          listClassName="flex flex-col gap-1 pt-3"
          linkClassName={(state) => cn(navLinkClasses(state), 'block')}
          end
        />
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
