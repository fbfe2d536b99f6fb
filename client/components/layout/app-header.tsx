import { BarChart3, LogOut, Settings, UserRound, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '#client/components/ui/dropdown-menu.tsx';
import { cn } from '#client/lib/cn.ts';
import { paths } from '#client/lib/paths.ts';
import { Logo } from './logo.tsx';
import { MainNav, MenuToggle } from './main-nav.tsx';
import { useMenuPanel } from './use-menu-panel.ts';

interface AppHeaderProps {
  email: string | null;
  /** The role's name as shown to the person ("user" when none). */
  role: string;
  /** Coaches get the Coach link and the Coach Dashboard item (spec §2). */
  showCoach: boolean;
  /** Admins get an Admin link (issue 18: the spec's menu lists none; the rest stays as it says). */
  showAdmin?: boolean;
  onSignOut: () => void;
  /** Controls placed before the account menu (the notifications bell). */
  actions?: ReactNode;
}

const mainLinks = [
  { label: 'Dashboard', to: paths.dashboard },
  { label: 'Goals', to: paths.goals },
  { label: 'Tasks', to: paths.tasks },
  { label: 'AI Coaching', to: paths.coaching },
  { label: 'History', to: paths.history },
  { label: 'Analytics', to: paths.analytics },
  { label: 'Progress Insights', to: paths.progress },
  { label: 'Engagement', to: paths.engagement },
];

function navLinkClasses({ isActive }: { isActive: boolean }) {
  return cn(
    'rounded-lg px-2.5 py-2 text-sm font-medium whitespace-nowrap transition hover:bg-muted hover:text-foreground',
    isActive ? 'bg-primary-soft text-accent-foreground' : 'text-muted-foreground',
  );
}

/** The signed-in area's header: main menu (a toggled panel below xl), account menu, actions. */
export function AppHeader({
  email,
  role,
  showCoach,
  showAdmin = false,
  onSignOut,
  actions,
}: AppHeaderProps) {
  const { panelId, open, toggle } = useMenuPanel();
  const links = [
    ...mainLinks,
    ...(showCoach ? [{ label: 'Coach', to: paths.coach }] : []),
    ...(showAdmin ? [{ label: 'Admin', to: paths.admin }] : []),
  ];
  const initial = email?.trim().charAt(0).toUpperCase();

  return (
    <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:px-6">
        <Logo to={paths.dashboard} />
        <MainNav
          links={links}
          className="ml-4 hidden xl:block"
          listClassName="flex items-center gap-0.5"
          linkClassName={navLinkClasses}
        />
        <div className="ml-auto flex items-center gap-1.5">
          {actions}
          <DropdownMenu modal={false}>
            <DropdownMenuTrigger
              aria-label={email ? `Account menu for ${email}` : 'Account menu'}
              className="flex size-10 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground transition hover:brightness-110 data-[state=open]:ring-2 data-[state=open]:ring-ring data-[state=open]:ring-offset-2 data-[state=open]:ring-offset-background"
            >
              {initial ? (
                <span aria-hidden="true">{initial}</span>
              ) : (
                <UserRound aria-hidden="true" className="size-5" />
              )}
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end" className="w-72 max-w-[calc(100vw-2rem)]">
              <DropdownMenuLabel>
                <span className="block truncate text-sm font-medium">{email ?? 'Signed in'}</span>
                <span className="mt-1 inline-block rounded-full bg-muted px-2 py-0.5 text-xs font-medium text-muted-foreground">
                  {role}
                </span>
              </DropdownMenuLabel>
              <DropdownMenuSeparator />
              <DropdownMenuItem asChild>
                <Link to={paths.settings}>
                  <Settings aria-hidden="true" />
                  Settings
                </Link>
              </DropdownMenuItem>
              {showCoach ? (
                <DropdownMenuItem asChild>
                  <Link to={paths.coach}>
                    <Users aria-hidden="true" />
                    Coach Dashboard
                  </Link>
                </DropdownMenuItem>
              ) : null}
              <DropdownMenuItem asChild>
                <Link to={paths.engagement}>
                  <BarChart3 aria-hidden="true" />
                  Engagement Analytics
                </Link>
              </DropdownMenuItem>
              <DropdownMenuSeparator />
              <DropdownMenuItem onSelect={onSignOut}>
                <LogOut aria-hidden="true" />
                Sign out
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
          <MenuToggle open={open} panelId={panelId} onToggle={toggle} className="xl:hidden" />
        </div>
      </div>
      <div id={panelId} hidden={!open} className="border-t bg-background px-4 pb-4 xl:hidden">
        <MainNav
          links={links}
          listClassName="grid gap-1 pt-3 sm:grid-cols-2"
          linkClassName={(state) => cn(navLinkClasses(state), 'block py-2.5')}
        />
      </div>
    </header>
  );
}
