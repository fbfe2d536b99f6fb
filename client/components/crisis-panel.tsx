import { ExternalLink, HeartHandshake, Phone } from 'lucide-react';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import type { CrisisResult } from '#contracts/coach.ts';

/** A phone number in a contact line, as a tel: target ("Call or text 988" → "988"). */
function phoneNumberIn(contact: string): { shown: string; dial: string } | null {
  const match = /(?:call|text)\s+(?:or text\s+)?(\+?[\d][\d\s-]{1,16}\d|\d{3,})/i.exec(contact);
  const shown = match?.[1]?.trim();
  return shown ? { shown, dial: shown.replace(/[\s-]/g, '') } : null;
}

/**
 * The frame of every crisis response: a calm heading that takes the focus when it appears (so a
 * screen reader reads it first), then what to say, and nothing that pushes on with coaching.
 */
export function CrisisFrame({
  children,
  actions,
  headingLevel = 'h2',
  takeFocus = true,
}: {
  children: ReactNode;
  actions?: ReactNode;
  headingLevel?: 'h2' | 'h3' | 'h4';
  /** False where it appears while the person is typing (a live preview): the focus stays put. */
  takeFocus?: boolean;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const Heading = headingLevel;
  useEffect(() => {
    if (takeFocus) heading.current?.focus();
  }, [takeFocus]);
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-primary/30 bg-card p-6 shadow-sm sm:p-8"
    >
      <div className="flex items-center gap-4">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-primary-soft text-accent-foreground">
          <HeartHandshake aria-hidden="true" className="size-6" />
        </span>
        <Heading
          id={headingId}
          ref={heading}
          tabIndex={-1}
          className="text-xl font-semibold tracking-tight outline-none"
        >
          Let’s pause the coaching for now
        </Heading>
      </div>
      {children}
      {actions && <div className="mt-6 flex flex-wrap gap-3">{actions}</div>}
    </section>
  );
}

/**
 * What shows instead of coaching when someone writes about harming themselves, abuse or a
 * medical emergency: the server's message and its help resources, and nothing that pushes on.
 */
export function CrisisPanel({
  crisis,
  actions,
  headingLevel,
  takeFocus,
}: {
  crisis: CrisisResult;
  actions?: ReactNode;
  headingLevel?: 'h2' | 'h3' | 'h4';
  takeFocus?: boolean;
}) {
  const SubHeading = ({ h2: 'h3', h3: 'h4', h4: 'h5' } as const)[headingLevel ?? 'h2'];
  return (
    <CrisisFrame
      actions={actions}
      headingLevel={headingLevel ?? 'h2'}
      takeFocus={takeFocus ?? true}
    >
      <p className="mt-4 leading-relaxed">{crisis.message}</p>
      <SubHeading className="mt-6 text-sm font-semibold text-muted-foreground">
        People who can help
      </SubHeading>
      <ul className="mt-3 space-y-3">
        {crisis.resources.map((resource) => {
          const phone = phoneNumberIn(resource.contact);
          return (
            <li key={resource.name} className="rounded-xl border bg-background p-4">
              <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                <p className="font-medium">{resource.name}</p>
                <p className="text-xs text-muted-foreground">{resource.region}</p>
              </div>
              <p className="mt-1 text-sm">{resource.contact}</p>
              {(phone || resource.url) && (
                <div className="mt-3 flex flex-wrap gap-x-4 gap-y-2 text-sm">
                  {phone && (
                    <a
                      href={`tel:${phone.dial}`}
                      className="inline-flex items-center gap-1.5 font-medium text-primary underline-offset-4 hover:underline"
                    >
                      <Phone aria-hidden="true" className="size-4" />
                      Call {phone.shown}
                      <span className="sr-only"> ({resource.name})</span>
                    </a>
                  )}
                  {resource.url && (
                    <a
                      href={resource.url}
                      target="_blank"
                      rel="noreferrer"
                      className="inline-flex items-center gap-1.5 font-medium text-primary underline-offset-4 hover:underline"
                    >
                      <ExternalLink aria-hidden="true" className="size-4" />
                      Visit {new URL(resource.url).hostname.replace(/^www\./, '')}
                      <span className="sr-only"> (opens in a new tab)</span>
                    </a>
                  )}
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </CrisisFrame>
  );
}
