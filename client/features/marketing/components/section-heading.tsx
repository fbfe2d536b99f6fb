import type { ReactNode } from 'react';
import { cn } from '#client/lib/cn.ts';

interface SectionHeadingProps {
  id: string;
  eyebrow?: string;
  title: string;
  children?: ReactNode;
  align?: 'start' | 'center';
}

/** The h2 of a section, with a short kicker above and an optional lead paragraph below. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
  align = 'start',
}: SectionHeadingProps) {
  return (
    <div className={cn('max-w-2xl', align === 'center' && 'mx-auto text-center')}>
      {eyebrow ? <p className="text-sm font-semibold text-primary">{eyebrow}</p> : null}
      <h2 id={id} className="mt-2 text-2xl font-semibold tracking-tight text-balance sm:text-3xl">
        {title}
      </h2>
      {children ? (
        <div className="mt-4 text-base leading-relaxed text-muted-foreground sm:text-lg">
          {children}
        </div>
      ) : null}
    </div>
  );
}
