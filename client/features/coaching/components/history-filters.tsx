import { X } from 'lucide-react';
import { useId } from 'react';
import { coachDomainLabels, coachDomains } from '#contracts/coach.ts';
import { historyEntryTypes } from '#contracts/coaching.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Checkbox } from '#client/components/ui/checkbox.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Select } from '#client/components/ui/select.tsx';
import {
  hasHistoryFilters,
  historyTypeLabels,
  noHistoryFilters,
  toggleType,
  type HistoryFilters,
} from '../history-state.ts';

/** The timeline's filters: types, goal, domain and dates; each change goes into the URL. */
export function HistoryFilterForm({
  filters,
  goals,
  onChange,
}: {
  filters: HistoryFilters;
  goals: ReadonlyArray<{ id: string; title: string }>;
  onChange: (filters: HistoryFilters) => void;
}) {
  const id = useId();
  // A goal in the URL that is not in the list (deleted, or still loading) stays selectable.
  const goalKnown = !filters.goalId || goals.some((goal) => goal.id === filters.goalId);
  return (
    <div className="space-y-5">
      <fieldset>
        <legend className="text-sm font-medium">Type</legend>
        <ul className="mt-2 grid grid-cols-1 gap-2 min-[420px]:grid-cols-2 lg:grid-cols-1">
          {historyEntryTypes.map((type) => {
            const checkboxId = `${id}-${type}`;
            return (
              <li key={type} className="flex items-center gap-2">
                <Checkbox
                  id={checkboxId}
                  checked={filters.types.includes(type)}
                  onChange={() => onChange(toggleType(filters, type))}
                />
                <label htmlFor={checkboxId} className="text-sm">
                  {historyTypeLabels[type]}
                </label>
              </li>
            );
          })}
        </ul>
        <p className="mt-1 text-xs text-muted-foreground">None ticked: every type.</p>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1">
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-goal`}>Goal</Label>
          <Select
            id={`${id}-goal`}
            value={filters.goalId ?? ''}
            onChange={(event) => onChange({ ...filters, goalId: event.target.value || null })}
          >
            <option value="">All goals</option>
            {!goalKnown && filters.goalId && (
              <option value={filters.goalId}>The chosen goal</option>
            )}
            {goals.map((goal) => (
              <option key={goal.id} value={goal.id}>
                {goal.title}
              </option>
            ))}
          </Select>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-domain`}>Area</Label>
          <Select
            id={`${id}-domain`}
            value={filters.domain ?? ''}
            onChange={(event) =>
              onChange({
                ...filters,
                domain: coachDomains.find((domain) => domain === event.target.value) ?? null,
              })
            }
          >
            <option value="">All areas</option>
            {coachDomains.map((domain) => (
              <option key={domain} value={domain}>
                {coachDomainLabels[domain]}
              </option>
            ))}
          </Select>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-from`}>From</Label>
          <Input
            id={`${id}-from`}
            type="date"
            value={filters.from ?? ''}
            max={filters.to ?? undefined}
            onChange={(event) => onChange({ ...filters, from: event.target.value || null })}
          />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-to`}>To</Label>
          <Input
            id={`${id}-to`}
            type="date"
            value={filters.to ?? ''}
            min={filters.from ?? undefined}
            onChange={(event) => onChange({ ...filters, to: event.target.value || null })}
          />
        </div>
      </div>
      {hasHistoryFilters(filters) && (
        <Button variant="outline" size="sm" onClick={() => onChange(noHistoryFilters)}>
          <X aria-hidden="true" className="size-4" />
          Clear filters
        </Button>
      )}
    </div>
  );
}
