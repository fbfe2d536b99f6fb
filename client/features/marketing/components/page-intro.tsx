import type { ReactNode } from 'react';

interface PageIntroProps {
  eyebrow: string;
  title: string;
  lead: ReactNode;
  children?: ReactNode;
}

/** The opening of an inner marketing page: its one h1, a lead paragraph and optional actions. */
export function PageIntro({ eyebrow, title, lead, children }: PageIntroProps) {
  return (
    <div className="bg-[radial-gradient(ellipse_at_top,var(--primary-soft),transparent_65%)]">
      <div className="mx-auto max-w-6xl px-4 pt-14 pb-4 sm:px-6 sm:pt-20">
        <div className="max-w-3xl">
          <p className="text-sm font-semibold text-primary">{eyebrow}</p>
          <h1 className="mt-3 text-4xl font-semibold tracking-tight text-balance sm:text-5xl">
            {title}
          </h1>
          <p className="mt-5 text-lg leading-relaxed text-muted-foreground">{lead}</p>
          {children ? <div className="mt-8">{children}</div> : null}
        </div>
      </div>
    </div>
  );
}
