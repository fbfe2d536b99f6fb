import { Pin, Plus, Sprout } from 'lucide-react';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { coachDomains, type CoachDomain } from '#contracts/coach.ts';
import { goalStatuses, MAX_PINNED_GOALS, type Goal, type GoalStatus } from '#contracts/goals.ts';
import { Button, buttonClasses } from '#client/components/ui/button.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Select } from '#client/components/ui/select.tsx';
import { EmptyState, ErrorState } from '#client/components/ui/states.tsx';
import { paths } from '#client/lib/paths.ts';
import { useGoals, useUpdateGoal } from '../api.ts';
import { domainLabels } from '../domains.ts';
import { GoalCard, GoalCardSkeleton } from './goal-card.tsx';
import { statusLabels } from './goal-badges.tsx';

type StatusFilter = 'current' | 'all' | GoalStatus;

function isStatusFilter(value: string | null): value is StatusFilter {
  return value === 'current' || value === 'all' || goalStatuses.some((status) => status === value);
}

function isDomain(value: string | null): value is CoachDomain {
  return coachDomains.some((domain) => domain === value);
}

function matchesStatus(goal: Goal, filter: StatusFilter): boolean {
  if (filter === 'all') return true;
  if (filter === 'current') return goal.status === 'active' || goal.status === 'paused';
  return goal.status === filter;
}

/** Every goal, filtered by status and area of life; up to three pinned as the top three. */
export function GoalList({ today }: { today: string }) {
  const id = useId();
  const [search, setSearch] = useSearchParams();
  const statusParam = search.get('status');
  const domainParam = search.get('domain');
  const status: StatusFilter = isStatusFilter(statusParam) ? statusParam : 'current';
  const domain: CoachDomain | 'all' = isDomain(domainParam) ? domainParam : 'all';
  // One read of every goal: switching filters is instant and the pin limit counts them all.
  const goals = useGoals({});
  const update = useUpdateGoal();

  const setFilter = (name: 'status' | 'domain', value: string, fallback: string) => {
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === fallback) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );
  };

  const all = goals.data?.goals ?? [];
  const pinnedCount = all.filter((goal) => goal.pinned).length;
  const shown = all.filter(
    (goal) => matchesStatus(goal, status) && (domain === 'all' || goal.domain === domain),
  );
  const pinned = shown.filter((goal) => goal.pinned);
  const others = shown.filter((goal) => !goal.pinned);
  const filtered = status !== 'current' || domain !== 'all';

  const togglePin = (goal: Goal) => {
    if (!goal.pinned && pinnedCount >= MAX_PINNED_GOALS) {
      toast.info('You already have three top goals', {
        description: 'Unpin one of them first; three is what fits in a day.',
      });
      return;
    }
    update.mutate(
      { id: goal.id, change: { pinned: !goal.pinned } },
      {
        onSuccess: (saved) =>
          toast.success(saved.pinned ? 'Pinned to your top three' : 'Unpinned', {
            description: saved.title,
          }),
        onError: (error) => toast.error('The pin did not change', { description: error.message }),
      },
    );
  };

  const card = (goal: Goal) => (
    <li key={goal.id}>
      <GoalCard
        goal={goal}
        today={today}
        pin={{
          pending: update.isPending && update.variables.id === goal.id,
          onToggle: () => togglePin(goal),
        }}
      />
    </li>
  );

  return (
    <div className="space-y-6">
      <div className="grid grid-cols-2 gap-3 sm:max-w-md">
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-status`}>Status</Label>
          <Select
            id={`${id}-status`}
            value={status}
            onChange={(event) => setFilter('status', event.target.value, 'current')}
          >
            <option value="current">In progress</option>
            {goalStatuses.map((value) => (
              <option key={value} value={value}>
                {statusLabels[value]}
              </option>
            ))}
            <option value="all">All goals</option>
          </Select>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-domain`}>Area</Label>
          <Select
            id={`${id}-domain`}
            value={domain}
            onChange={(event) => setFilter('domain', event.target.value, 'all')}
          >
            <option value="all">All areas</option>
            {coachDomains.map((value) => (
              <option key={value} value={value}>
                {domainLabels[value]}
              </option>
            ))}
          </Select>
        </div>
      </div>

      {goals.isPending ? (
        <div role="status" aria-label="Loading goals" className="space-y-3">
          <GoalCardSkeleton />
          <GoalCardSkeleton />
          <GoalCardSkeleton />
        </div>
      ) : goals.isError ? (
        <ErrorState title="Your goals could not load" onRetry={() => void goals.refetch()} />
      ) : all.length === 0 ? (
        <EmptyState
          icon={<Sprout aria-hidden="true" />}
          title="No goals yet"
          action={
            <Link to={paths.newGoal} className={buttonClasses('primary', 'lg')}>
              <Plus aria-hidden="true" className="size-4" />
              Declare your first goal
            </Link>
          }
        >
          Say what you want in one sentence; the coach helps you make it specific and plan it.
        </EmptyState>
      ) : shown.length === 0 ? (
        <EmptyState icon={<Sprout aria-hidden="true" />} title="No goals match these filters">
          <Button
            variant="link"
            className="h-auto px-0"
            onClick={() => setSearch(new URLSearchParams(), { replace: true })}
          >
            Show goals in progress
          </Button>
        </EmptyState>
      ) : (
        <>
          {pinned.length > 0 && (
            <section aria-labelledby={`${id}-top`}>
              <h2
                id={`${id}-top`}
                className="mb-3 flex items-center gap-2 text-sm font-semibold text-muted-foreground"
              >
                <Pin aria-hidden="true" className="size-4 text-primary" />
                Top three goals
                <span className="font-normal">
                  ({pinnedCount} of {MAX_PINNED_GOALS})
                </span>
              </h2>
              <ul className="grid gap-3 lg:grid-cols-2">{pinned.map(card)}</ul>
            </section>
          )}
          {others.length > 0 && (
            <section aria-labelledby={`${id}-others`}>
              <h2 id={`${id}-others`} className="mb-3 text-sm font-semibold text-muted-foreground">
                {pinned.length > 0 ? 'Other goals' : filtered ? 'Goals' : 'Goals in progress'}
              </h2>
              {pinnedCount === 0 && (
                <p className="mb-3 text-sm text-muted-foreground">
                  Pin up to three goals as your top three: their tasks come first each day.
                </p>
              )}
              <ul className="grid gap-3 lg:grid-cols-2">{others.map(card)}</ul>
            </section>
          )}
        </>
      )}
    </div>
  );
}
