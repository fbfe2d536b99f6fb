import { Compass } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '#client/components/ui/button.tsx';
import { paths } from '#client/lib/paths.ts';

export function NotFoundPage() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center sm:px-6">
      <span className="flex size-14 items-center justify-center rounded-full bg-primary-soft text-accent-foreground">
        <Compass aria-hidden="true" className="size-7" />
      </span>
      <p className="mt-6 text-sm font-semibold text-primary">404</p>
      <h1 className="mt-2 text-3xl font-semibold tracking-tight">Page not found</h1>
      <p className="mt-3 text-muted-foreground">
        We couldn't find the page you were looking for. It may have moved, or the link may be
        mistyped.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to={paths.home} className={buttonClasses('primary')}>
          Back to home
        </Link>
        <Link to={paths.help} className={buttonClasses('outline')}>
          Visit the help centre
        </Link>
      </div>
    </section>
  );
}
