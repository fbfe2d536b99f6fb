import { MessageCircle, SlidersHorizontal, UserRound, Users } from 'lucide-react';
import { Link } from 'react-router';
import type { UserCoach } from '#contracts/coaching.ts';
import { coachDomainLabels } from '#contracts/coach.ts';
import { formatTimestamp } from '#contracts/local-date.ts';
import { coachToneLabels } from '#contracts/onboarding.ts';
import { buttonClasses } from '#client/components/ui/button.tsx';
import { pathTo } from '#client/lib/paths.ts';
import { DomainIcon } from './domain-icon.tsx';

/** One of the person's own coaches: who, how it speaks, what is new, and where to go. */
function CoachRow({ coach, timeZone }: { coach: UserCoach; timeZone: string }) {
  const headingId = `own-coach-${coach.id}`;
  return (
    <li>
      <article
        aria-labelledby={headingId}
        className="flex flex-col gap-3 rounded-xl border bg-background p-3 sm:flex-row sm:items-center sm:p-4"
      >
        <div className="flex min-w-0 flex-1 items-start gap-3">
          <DomainIcon domain={coach.domain} />
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <h3 id={headingId} className="font-semibold">
                {coach.name}
              </h3>
              {coach.unread > 0 && (
                <span className="rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-primary-foreground">
                  {coach.unread} unread
                </span>
              )}
              {coach.teamPosition !== null && (
                <span className="inline-flex items-center gap-1 rounded-full bg-primary-soft px-2 py-0.5 text-xs font-medium text-accent-foreground">
                  <Users aria-hidden="true" className="size-3" />
                  On your team
                </span>
              )}
            </div>
            <p className="text-sm text-muted-foreground">
              {coach.kind === 'human'
                ? 'Your human coach'
                : `${coachDomainLabels[coach.domain]} · ${coachToneLabels[coach.tone]} tone`}
            </p>
            <p className="mt-0.5 text-xs text-muted-foreground">
              {coach.lastMessageAt
                ? `Last message ${formatTimestamp(coach.lastMessageAt, timeZone)}`
                : 'No messages yet'}
            </p>
          </div>
        </div>
        <div className="flex flex-wrap gap-2 sm:shrink-0 sm:justify-end">
          <Link
            to={pathTo.coachingChat(coach.id)}
            className={buttonClasses('primary', 'sm')}
            aria-label={`Chat with ${coach.name}`}
          >
            <MessageCircle aria-hidden="true" className="size-4" />
            Chat
          </Link>
          {coach.kind !== 'human' && (
            <>
              <Link
                to={pathTo.coachingCustomize(coach.id)}
                className={buttonClasses('outline', 'sm')}
                aria-label={`Customize ${coach.name}`}
              >
                <SlidersHorizontal aria-hidden="true" className="size-4" />
                Customize
              </Link>
              <Link
                to={pathTo.coachingPersonality(coach.id)}
                className={buttonClasses('outline', 'sm')}
                aria-label={`${coach.name}’s personality`}
              >
                <UserRound aria-hidden="true" className="size-4" />
                Personality
              </Link>
            </>
          )}
        </div>
      </article>
    </li>
  );
}

export function YourCoachesList({
  coaches,
  timeZone,
}: {
  coaches: readonly UserCoach[];
  timeZone: string;
}) {
  return (
    <ul className="space-y-3">
      {coaches.map((coach) => (
        <CoachRow key={coach.id} coach={coach} timeZone={timeZone} />
      ))}
    </ul>
  );
}
