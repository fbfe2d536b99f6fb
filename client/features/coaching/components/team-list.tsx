import {
  ArrowDown,
  ArrowUp,
  MessageCircle,
  Plus,
  SlidersHorizontal,
  UserMinus,
  Users,
} from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { coachDomainLabels } from '#contracts/coach.ts';
import { catalogueCoach, type CatalogueCoach, type UserCoach } from '#contracts/coaching.ts';
import { coachToneLabels } from '#contracts/onboarding.ts';
import { Button, buttonClasses } from '#client/components/ui/button.tsx';
import { EmptyState } from '#client/components/ui/states.tsx';
import { pathTo, paths } from '#client/lib/paths.ts';
import { problemOf } from '../problems.ts';
import { useAddToTeam, useRemoveFromTeam, useTeamOrder } from '../team-api.ts';
import { moveInOrder } from '../team-order-state.ts';

const iconButton = buttonClasses(
  'ghost',
  'icon',
  'size-9 text-muted-foreground hover:text-foreground',
);

/**
 * The team in order: move a coach up or down (the focus stays on it, and where it went is
 * announced), open its chat, customize it, or take it off the team.
 */
export function TeamList({ userId, team }: { userId: string; team: UserCoach[] }) {
  const order = useTeamOrder(userId);
  const remove = useRemoveFromTeam(userId);
  const [announcement, setAnnouncement] = useState('');
  const pendingFocus = useRef<{ id: string; by: -1 | 1; place: number } | null>(null);
  const list = useRef<HTMLOListElement>(null);
  const ids = team.map((coach) => coach.id);

  // Once the row is in its new place (moving a row can take the focus from it), the button
  // pressed gets the focus back, or the other one when the move reached an end.
  useEffect(() => {
    const focus = pendingFocus.current;
    if (!focus || team.findIndex((coach) => coach.id === focus.id) !== focus.place) return;
    const row = list.current?.querySelector(`[data-coach="${focus.id}"]`);
    const pressed = row?.querySelector<HTMLButtonElement>(`[data-move="${focus.by}"]`);
    const other = row?.querySelector<HTMLButtonElement>(`[data-move="${-focus.by}"]`);
    (pressed && !pressed.disabled ? pressed : other)?.focus();
    pendingFocus.current = null;
  }, [team]);

  const move = (coach: UserCoach, by: -1 | 1) => {
    const next = moveInOrder(ids, coach.id, by);
    const place = next.indexOf(coach.id);
    pendingFocus.current = { id: coach.id, by, place };
    setAnnouncement(`${coach.name} moved to place ${place + 1} of ${next.length}.`);
    order.mutate(next, {
      onError: (error) => {
        pendingFocus.current = null;
        setAnnouncement('');
        toast.error('The new order was not saved', {
          description: problemOf(error, 'Something went wrong. Try again.'),
        });
      },
    });
  };

  const takeOff = (coach: UserCoach) =>
    remove.mutate(coach, {
      onSuccess: () =>
        toast.success(`${coach.name} is off your team`, {
          description: 'Your conversation and what the coach remembers are kept.',
        }),
      onError: (error) =>
        toast.error(`${coach.name} was not taken off`, {
          description: problemOf(error, 'Something went wrong. Try again.'),
        }),
    });

  return (
    <>
      <ol ref={list} aria-label="Your team, in order" className="space-y-3">
        {team.map((coach, index) => (
          <li
            key={coach.id}
            data-coach={coach.id}
            className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl border bg-background p-3 sm:flex-nowrap"
          >
            <span
              aria-hidden="true"
              className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary-soft text-sm font-semibold text-accent-foreground"
            >
              {index + 1}
            </span>
            <div className="min-w-0 flex-1">
              <p className="font-medium break-words">
                <span className="sr-only">{index + 1}. </span>
                {coach.name}
              </p>
              <p className="text-sm text-muted-foreground">
                {coachDomainLabels[coach.domain]} · {coachToneLabels[coach.tone]}
              </p>
            </div>
            <div className="flex w-full items-center justify-end gap-1 sm:w-auto">
              <button
                type="button"
                data-move="-1"
                className={iconButton}
                disabled={index === 0}
                aria-label={`Move ${coach.name} up`}
                title="Move up"
                onClick={() => move(coach, -1)}
              >
                <ArrowUp aria-hidden="true" className="size-4" />
              </button>
              <button
                type="button"
                data-move="1"
                className={iconButton}
                disabled={index === team.length - 1}
                aria-label={`Move ${coach.name} down`}
                title="Move down"
                onClick={() => move(coach, 1)}
              >
                <ArrowDown aria-hidden="true" className="size-4" />
              </button>
              <Link
                to={pathTo.coachingChat(coach.id)}
                className={iconButton}
                aria-label={`Chat with ${coach.name}`}
                title="Chat"
              >
                <MessageCircle aria-hidden="true" className="size-4" />
              </Link>
              <Link
                to={pathTo.coachingCustomize(coach.id)}
                className={iconButton}
                aria-label={`Customize ${coach.name}`}
                title="Customize"
              >
                <SlidersHorizontal aria-hidden="true" className="size-4" />
              </Link>
              <button
                type="button"
                className={buttonClasses(
                  'ghost',
                  'icon',
                  'size-9 text-muted-foreground hover:text-danger',
                )}
                aria-label={`Take ${coach.name} off the team`}
                title="Take off the team"
                disabled={remove.isPending && remove.variables.id === coach.id}
                onClick={() => takeOff(coach)}
              >
                <UserMinus aria-hidden="true" className="size-4" />
              </button>
            </div>
          </li>
        ))}
      </ol>
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </>
  );
}

/** A coach that can join the team: an own coach off it, or a catalogue coach not yet owned. */
type Candidate =
  | { type: 'own'; coach: UserCoach; catalogue: CatalogueCoach | undefined }
  | { type: 'catalogue'; catalogue: CatalogueCoach };

/** Own coaches off the team and catalogue coaches not yet owned, each with "Add to team". */
export function AddCoaches({
  userId,
  bench,
  catalogue,
  headingId,
}: {
  userId: string;
  bench: UserCoach[];
  catalogue: CatalogueCoach[];
  headingId: string;
}) {
  const add = useAddToTeam(userId);
  const candidates: Candidate[] = [
    ...bench.map((coach): Candidate => ({
      type: 'own',
      coach,
      catalogue: catalogueCoach(coach.catalogueId),
    })),
    ...catalogue.map((entry): Candidate => ({ type: 'catalogue', catalogue: entry })),
  ];
  if (candidates.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        Every coach is on your team. Take one off above to make room for focus.
      </p>
    );
  }
  return (
    <ul aria-labelledby={headingId} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-1">
      {candidates.map((candidate) => {
        const catalogueId =
          candidate.type === 'own' ? candidate.coach.catalogueId : candidate.catalogue.id;
        const name = candidate.type === 'own' ? candidate.coach.name : candidate.catalogue.name;
        const domain =
          candidate.type === 'own' ? candidate.coach.domain : candidate.catalogue.domain;
        const tagline = candidate.catalogue?.tagline;
        return (
          <li key={catalogueId} className="flex flex-col rounded-xl border bg-background p-4">
            <p className="font-medium">{name}</p>
            <p className="text-xs font-medium text-muted-foreground">{coachDomainLabels[domain]}</p>
            {tagline && <p className="mt-1 flex-1 text-sm text-muted-foreground">{tagline}</p>}
            {candidate.type === 'own' && (
              <p className="mt-1 text-xs text-muted-foreground">
                Your coach; your conversation is kept.
              </p>
            )}
            <Button
              variant="outline"
              size="sm"
              className="mt-3 self-start"
              disabled={add.isPending && add.variables === catalogueId}
              onClick={() =>
                add.mutate(catalogueId, {
                  onSuccess: (coach) => toast.success(`${coach.name} joined your team`),
                  onError: (error) =>
                    toast.error(`${name} did not join your team`, {
                      description: problemOf(error, 'Something went wrong. Try again.'),
                    }),
                })
              }
              aria-label={`Add ${name} to your team`}
            >
              <Plus aria-hidden="true" className="size-4" />
              Add to team
            </Button>
          </li>
        );
      })}
    </ul>
  );
}

/** What an empty team says: who could join, and the assessment that suggests who. */
export function EmptyTeam({ addId }: { addId: string }) {
  return (
    <EmptyState
      icon={<Users aria-hidden="true" />}
      title="No coaches on your team yet"
      action={
        <div className="flex flex-wrap justify-center gap-2">
          <a href={`#${addId}`} className={buttonClasses('primary')}>
            <Plus aria-hidden="true" className="size-4" />
            Add a coach
          </a>
          <Link to={paths.coachingAssessment} className={buttonClasses('outline')}>
            Find my coaches (2 minutes)
          </Link>
        </div>
      }
    >
      A team is a coach for each area you care about. Together they weigh your goals against each
      other and against the time you have.
    </EmptyState>
  );
}
