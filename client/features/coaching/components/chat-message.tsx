import { CircleAlert, HeartHandshake, Info, OctagonX, Sparkles } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import type { CoachMessage, Proposal } from '#contracts/coaching.ts';
import type { CoachEngine } from '#contracts/coach.ts';
import { formatTimestamp } from '#contracts/local-date.ts';
import { cn } from '#client/lib/cn.ts';
import { engineLabel } from '../engine-label.ts';
import { CoachMarkdown } from './coach-markdown.tsx';
import { ProposalCard } from './chat-proposal.tsx';

/** The person's own words: plain text, line breaks kept, on the right. */
export function PersonBubble({
  text,
  at,
  timeZone,
  pending = false,
}: {
  text: string;
  at: string | null;
  timeZone: string;
  pending?: boolean;
}) {
  return (
    <div className="flex justify-end">
      <div className="max-w-[85%] sm:max-w-[75%]">
        <p className="sr-only">You said:</p>
        <p className="rounded-2xl rounded-br-md bg-primary-soft px-4 py-2.5 break-words whitespace-pre-wrap text-foreground">
          {text}
        </p>
        <p className="mt-1 text-right text-xs text-muted-foreground">
          {pending ? 'Sending…' : at ? formatTimestamp(at, timeZone) : null}
        </p>
      </div>
    </div>
  );
}

/** Which engine answered, and the notice when a model fell back to the offline coach. */
function Attribution({
  engine,
  model,
  notice,
  at,
  timeZone,
}: {
  engine: CoachEngine | null;
  model: string | null;
  notice: string | null;
  at: string | null;
  timeZone: string;
}) {
  return (
    <div className="mt-1.5 space-y-1.5">
      <p className="flex flex-wrap items-center gap-x-1.5 text-xs text-muted-foreground">
        {engine && (
          <span className="inline-flex items-center gap-1 font-medium">
            <Sparkles aria-hidden="true" className="size-3.5 text-primary" />
            {engineLabel(engine, model)}
          </span>
        )}
        {engine && at && <span aria-hidden="true">·</span>}
        {at && <span>{formatTimestamp(at, timeZone)}</span>}
      </p>
      {notice && (
        <p
          role="note"
          className="flex items-start gap-2 rounded-lg border border-info/30 bg-info/5 px-3 py-2 text-sm"
        >
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-info" />
          <span>{notice}</span>
        </p>
      )}
    </div>
  );
}

/** A reply's words, on the left, under the coach's name. */
export function CoachBubble({
  coachName,
  text,
  engine,
  model,
  notice,
  at,
  timeZone,
  status,
  children,
}: {
  coachName: string;
  text: string;
  engine: CoachEngine | null;
  model: string | null;
  notice: string | null;
  at: string | null;
  timeZone: string;
  /** A reply cut short: stopped by the person, or failed part-way. */
  status?: 'streaming' | 'stopped' | 'failed' | 'checkin' | undefined;
  children?: ReactNode;
}) {
  return (
    <div className="flex justify-start">
      <div className="w-full max-w-[92%] sm:max-w-[80%]">
        <p className="mb-1 text-xs font-semibold text-accent-foreground">
          {coachName}
          {status === 'checkin' && (
            <span className="font-normal text-muted-foreground"> checked in</span>
          )}
          <span className="sr-only">:</span>
        </p>
        <div className="rounded-2xl rounded-tl-md border bg-card px-4 py-3 shadow-xs">
          {text ? (
            <CoachMarkdown text={text} />
          ) : status === 'streaming' ? (
            <p className="text-muted-foreground">
              <span className="inline-flex gap-1" aria-hidden="true">
                <span className="size-1.5 animate-pulse rounded-full bg-muted-foreground" />
                <span className="size-1.5 animate-pulse rounded-full bg-muted-foreground [animation-delay:150ms]" />
                <span className="size-1.5 animate-pulse rounded-full bg-muted-foreground [animation-delay:300ms]" />
              </span>
              <span className="sr-only">{coachName} is writing…</span>
            </p>
          ) : null}
          {status === 'stopped' && (
            <p className="mt-2 flex items-center gap-1.5 text-sm text-muted-foreground">
              <OctagonX aria-hidden="true" className="size-4" />
              You stopped this reply.
            </p>
          )}
          {status === 'failed' && (
            <p className="mt-2 flex items-center gap-1.5 text-sm text-danger">
              <CircleAlert aria-hidden="true" className="size-4" />
              This reply did not finish.
            </p>
          )}
          {children}
        </div>
        <Attribution engine={engine} model={model} notice={notice} at={at} timeZone={timeZone} />
      </div>
    </div>
  );
}

/**
 * The crisis response in place of a reply: the coaching pauses, and the server's words (the help
 * for the person's region) are shown on their own, with the focus moved to them once.
 */
export function CrisisReply({ message, focus }: { message: CoachMessage; focus: boolean }) {
  const section = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!focus) return;
    // Its start in view (below the sticky headers, by its scroll margin), not just its heading.
    section.current?.scrollIntoView?.({ block: 'start' });
    heading.current?.focus({ preventScroll: true });
  }, [focus]);
  return (
    <section
      ref={section}
      aria-labelledby={`crisis-${message.id}`}
      className="scroll-mt-40 rounded-2xl border border-primary/30 bg-card p-4 shadow-sm sm:p-6"
    >
      <div className="flex items-center gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary-soft text-accent-foreground">
          <HeartHandshake aria-hidden="true" className="size-5" />
        </span>
        <h2
          id={`crisis-${message.id}`}
          ref={heading}
          tabIndex={-1}
          className="text-lg font-semibold tracking-tight outline-none"
        >
          Let’s pause the coaching for now
        </h2>
      </div>
      <CoachMarkdown text={message.text} className="mt-3" />
    </section>
  );
}

export interface ProposalControls {
  today: string;
  decidingId: string | null;
  decision: 'accept' | 'decline' | null;
  onDecide: (proposal: Proposal, decision: 'accept' | 'decline') => void;
}

/** One stored message of the thread. */
export function ThreadMessage({
  message,
  coachName,
  timeZone,
  proposals,
  focusCrisis,
}: {
  message: CoachMessage;
  coachName: string;
  timeZone: string;
  proposals: ProposalControls;
  /** The crisis response just arrived: move the focus to it. */
  focusCrisis: boolean;
}) {
  if (message.author === 'person') {
    return <PersonBubble text={message.text} at={message.createdAt} timeZone={timeZone} />;
  }
  if (message.kind === 'crisis') return <CrisisReply message={message} focus={focusCrisis} />;
  const status =
    message.state !== 'complete'
      ? message.state
      : message.kind === 'checkin'
        ? ('checkin' as const)
        : undefined;
  return (
    <CoachBubble
      coachName={coachName}
      text={message.text}
      engine={message.engine}
      model={message.model}
      notice={message.notice}
      at={message.createdAt}
      timeZone={timeZone}
      status={status}
    >
      {message.proposals.length > 0 && (
        <div className={cn('mt-3 space-y-2')}>
          {message.proposals.map((proposal) => (
            <ProposalCard
              key={proposal.id}
              proposal={proposal}
              today={proposals.today}
              deciding={proposals.decidingId === proposal.id ? proposals.decision : null}
              onDecide={(decision) => proposals.onDecide(proposal, decision)}
            />
          ))}
        </div>
      )}
    </CoachBubble>
  );
}
