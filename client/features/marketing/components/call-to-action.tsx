import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '#client/components/ui/button.tsx';
import { paths } from '#client/lib/paths.ts';

interface CallToActionProps {
  id: string;
  title: string;
  children: ReactNode;
}

/** The closing band of a marketing page: start (an account on this server is free), or log in. */
export function CallToAction({ id, title, children }: CallToActionProps) {
  return (
    <section aria-labelledby={id} className="mx-auto max-w-6xl px-4 pb-20 sm:px-6">
      <div className="rounded-3xl bg-primary-soft px-6 py-12 text-center sm:px-12 sm:py-16">
        <h2 id={id} className="text-2xl font-semibold tracking-tight text-balance sm:text-3xl">
          {title}
        </h2>
        <div className="mx-auto mt-4 max-w-xl leading-relaxed text-accent-foreground sm:text-lg">
          {children}
        </div>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to={paths.signup} className={buttonClasses('primary', 'lg')}>
            Start free
          </Link>
          <Link to={paths.login} className={buttonClasses('outline', 'lg')}>
            Log In
          </Link>
        </div>
      </div>
    </section>
  );
}
