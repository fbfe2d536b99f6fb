import { SlidersHorizontal } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { coachDomainLabels, coachDomains, type CoachDomain } from '#contracts/coach.ts';
import { coachTones, coachToneLabels, type CoachTone } from '#contracts/onboarding.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Checkbox } from '#client/components/ui/checkbox.tsx';
import { pathTo } from '#client/lib/paths.ts';
import { useUserCoaches } from '../coaches-api.ts';

export interface CoachDefaults {
  coachTone: CoachTone | null;
  focusDomains: CoachDomain[];
}

/**
 * Settings › Coaching: the tone new coaches start in and the areas to focus on (onboarding's
 * choices, changeable at any time), with a way to each own coach's own tone.
 */
export function CoachDefaultsForm({
  userId,
  saved,
  saving,
  onSave,
}: {
  userId: string;
  saved: CoachDefaults;
  saving: boolean;
  /** Sends the tone only once one is chosen (someone who skipped onboarding has none yet). */
  onSave: (defaults: { focusDomains: CoachDomain[]; coachTone?: CoachTone }) => void;
}) {
  const [tone, setTone] = useState<CoachTone | null>(saved.coachTone);
  const [focus, setFocus] = useState<CoachDomain[]>(saved.focusDomains);
  // A human coach's tone is their own: only the AI coaches are listed to customize.
  const coaches = (useUserCoaches(userId).data?.coaches ?? []).filter((c) => c.kind !== 'human');
  const id = useId();

  const toggle = (domain: CoachDomain) =>
    setFocus((current) =>
      current.includes(domain)
        ? current.filter((d) => d !== domain)
        : coachDomains.filter((d) => d === domain || current.includes(d)),
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave(tone ? { coachTone: tone, focusDomains: focus } : { focusDomains: focus });
  };

  return (
    <form onSubmit={submit} className="space-y-6">
      <fieldset>
        <legend className="text-sm font-medium">Default tone</legend>
        <p className="mt-1 text-sm text-muted-foreground">
          The tone a new coach starts in. A tone changes the wording, never the facts.
        </p>
        <div className="mt-3 flex flex-wrap gap-2">
          {coachTones.map((option) => (
            <label
              key={option}
              className="cursor-pointer rounded-full border px-3 py-1.5 text-sm font-medium transition has-[:checked]:border-primary has-[:checked]:bg-primary-soft has-[:checked]:text-accent-foreground has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring"
            >
              <input
                type="radio"
                name={`${id}-tone`}
                value={option}
                checked={tone === option}
                onChange={() => setTone(option)}
                className="sr-only"
              />
              {coachToneLabels[option]}
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset>
        <legend className="text-sm font-medium">Focus areas</legend>
        <ul className="mt-3 grid gap-2 sm:grid-cols-2">
          {coachDomains.map((domain) => (
            <li key={domain} className="flex items-center gap-2">
              <Checkbox
                id={`${id}-${domain}`}
                checked={focus.includes(domain)}
                onChange={() => toggle(domain)}
              />
              <label htmlFor={`${id}-${domain}`} className="text-sm">
                {coachDomainLabels[domain]}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>

      {coaches.length > 0 && (
        <div>
          <p className="text-sm font-medium">Your coaches</p>
          <p className="mt-1 text-sm text-muted-foreground">
            Each keeps its own tone; change it on its page.
          </p>
          <ul className="mt-2 divide-y rounded-xl border">
            {coaches.map((coach) => (
              <li key={coach.id} className="flex items-center justify-between gap-3 px-3 py-2">
                <span className="min-w-0 text-sm">
                  <span className="font-medium">{coach.name}</span>{' '}
                  <span className="text-muted-foreground">
                    · {coachDomainLabels[coach.domain]} · {coachToneLabels[coach.tone]}
                  </span>
                </span>
                <Link
                  to={pathTo.coachingCustomize(coach.id)}
                  className="inline-flex shrink-0 items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
                  aria-label={`Customize ${coach.name}`}
                >
                  <SlidersHorizontal aria-hidden="true" className="size-3.5" />
                  Customize
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}

      <Button type="submit" disabled={saving}>
        {saving ? 'Saving...' : 'Save'}
      </Button>
    </form>
  );
}
