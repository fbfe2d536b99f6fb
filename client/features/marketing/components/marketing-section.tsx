import type { ReactNode } from 'react';
import { cn } from '#client/lib/cn.ts';

interface MarketingSectionProps {
  /** The id of the section's heading, so assistive technology announces the region by name. */
  labelledBy: string;
  id?: string;
  tone?: 'plain' | 'muted';
  className?: string;
  children: ReactNode;
}

/** A full-width band with the site's content width and vertical rhythm. */
export function MarketingSection({
  labelledBy,
  id,
  tone = 'plain',
  className,
  children,
}: MarketingSectionProps) {
  return (
    <section
      id={id}
      aria-labelledby={labelledBy}
      // The sticky header is 4rem tall; anchors must not land underneath it.
      className={cn('scroll-mt-20', tone === 'muted' && 'border-y bg-muted/60', className)}
    >
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">{children}</div>
    </section>
  );
}
