import { useId, type ReactNode } from 'react';
import { cn } from '#client/lib/cn.ts';

/**
 * A titled card section of a screen: an icon and a heading (h2 for the page's sections, h3 for a
 * section inside one), an optional line under it, an optional action at the right (a link, a
 * button), then the content. The section is labelled by its heading.
 */
export function Panel({
  id,
  title,
  icon,
  description,
  action,
  headingLevel = 'h2',
  className,
  children,
}: {
  /** The heading's id (a stable one for links and tests); a generated one otherwise. */
  id?: string;
  title: string;
  icon: ReactNode;
  description?: string;
  action?: ReactNode;
  headingLevel?: 'h2' | 'h3';
  className?: string;
  children: ReactNode;
}) {
  const generated = useId();
  const headingId = id ?? generated;
  const Heading = headingLevel;
  return (
    <section
      aria-labelledby={headingId}
      className={cn('rounded-2xl border bg-card p-4 shadow-sm sm:p-5', className)}
    >
      <div
        className={cn(
          'mb-4 flex flex-wrap justify-between gap-3',
          description ? 'items-start' : 'items-center',
        )}
      >
        <div>
          <Heading
            id={headingId}
            className={cn(
              'flex items-center gap-2 font-semibold [&_svg]:text-primary',
              headingLevel === 'h2' ? 'text-lg [&_svg]:size-5' : '[&_svg]:size-4',
            )}
          >
            {icon}
            {title}
          </Heading>
          {description && <p className="mt-1 text-sm text-muted-foreground">{description}</p>}
        </div>
        {action}
      </div>
      {children}
    </section>
  );
}
