import { Menu, X } from 'lucide-react';
import { NavLink } from 'react-router';
import { buttonClasses } from '#client/components/ui/button.tsx';
import { cn } from '#client/lib/cn.ts';

export interface NavItem {
  label: string;
  to: string;
}

/** A header's "Main" menu: the same links in the bar and in the phone panel, styled per place. */
export function MainNav({
  links,
  className,
  listClassName,
  linkClassName,
  end,
}: {
  links: readonly NavItem[];
  className?: string;
  listClassName: string;
  linkClassName: (state: { isActive: boolean }) => string;
  /** Active only on the exact path (the public pages, where Home is "/"). */
  end?: boolean;
}) {
  return (
    <nav aria-label="Main" className={className}>
      <ul className={listClassName}>
        {links.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} end={end} className={linkClassName}>
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The button that opens and closes a header's phone menu panel (see useMenuPanel). */
export function MenuToggle({
  open,
  panelId,
  onToggle,
  className,
}: {
  open: boolean;
  panelId: string;
  onToggle: () => void;
  /** The breakpoint from which the bar shows the menu and the button hides. */
  className: string;
}) {
  return (
    <button
      type="button"
      className={buttonClasses('ghost', 'icon', cn('group', className))}
      aria-expanded={open}
      aria-controls={panelId}
      aria-label={open ? 'Close menu' : 'Open menu'}
      onClick={onToggle}
    >
      {/* Both icons, shown by aria-expanded: the public pages' script (client/site/enhance.ts)
          flips the attribute without React. */}
      <Menu aria-hidden="true" className="size-5 group-aria-expanded:hidden" />
      <X aria-hidden="true" className="hidden size-5 group-aria-expanded:block" />
    </button>
  );
}
