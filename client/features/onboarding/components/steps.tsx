import {
  BellRing,
  Briefcase,
  CheckCircle2,
  Globe,
  HeartPulse,
  MessageCircle,
  Sparkles,
  Target,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { type FormEvent } from 'react';
import { Link } from 'react-router';
import { coachDomains, type CoachDomain } from '#contracts/coach.ts';
import { coachTones, type CoachTone } from '#contracts/onboarding.ts';
import { buttonClasses } from '#client/components/ui/button.tsx';
import { ChoiceCard } from '#client/components/ui/choice-card.tsx';
import { paths } from '#client/lib/paths.ts';
import { domainChoices, toneChoices } from '../choices.ts';

function submitting(onSubmit: () => void) {
  return (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
}

const ahead: Array<{ icon: LucideIcon; text: string }> = [
  { icon: Globe, text: 'Your time zone, so your days are your days' },
  { icon: BellRing, text: 'Email, SMS or push, at the times you choose' },
  { icon: Target, text: 'What matters to you, a first goal and the plan for it' },
  { icon: MessageCircle, text: 'The tone your coach takes with you' },
];

export function WelcomeStep({ formId, onSubmit }: { formId: string; onSubmit: () => void }) {
  return (
    <form id={formId} onSubmit={submitting(onSubmit)}>
      <ul className="space-y-3 rounded-2xl border bg-card p-4 shadow-sm sm:p-5">
        {ahead.map(({ icon: Icon, text }) => (
          <li key={text} className="flex items-center gap-3">
            <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary-soft text-accent-foreground">
              <Icon aria-hidden="true" className="size-4" />
            </span>
            <span className="text-sm">{text}</span>
          </li>
        ))}
      </ul>
      <p className="mt-4 text-sm text-muted-foreground">
        Each morning Trellis picks the three tasks that move your goals most and sends them where
        you will see them.
      </p>
    </form>
  );
}

const domainIcons: Record<CoachDomain, LucideIcon> = {
  health: HeartPulse,
  career: Briefcase,
  relationships: Users,
  personal_development: Sparkles,
};

export function FocusStep({
  formId,
  value,
  onChange,
  onSubmit,
}: {
  formId: string;
  value: CoachDomain[];
  onChange: (domains: CoachDomain[]) => void;
  onSubmit: () => void;
}) {
  return (
    <form id={formId} onSubmit={submitting(onSubmit)}>
      <fieldset>
        <legend className="sr-only">Areas of focus</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {coachDomains.map((domain) => {
            const Icon = domainIcons[domain];
            const checked = value.includes(domain);
            return (
              <ChoiceCard
                key={domain}
                type="checkbox"
                name="focus"
                checked={checked}
                onChange={() =>
                  onChange(
                    checked
                      ? value.filter((d) => d !== domain)
                      : coachDomains.filter((d) => d === domain || value.includes(d)),
                  )
                }
                title={domainChoices[domain].label}
                icon={<Icon aria-hidden="true" />}
              >
                {domainChoices[domain].description}
              </ChoiceCard>
            );
          })}
        </div>
      </fieldset>
      <p className="mt-4 text-sm text-muted-foreground" aria-live="polite">
        {value.length === 0 ? 'None chosen yet: that is fine too.' : `${value.length} chosen.`}
      </p>
    </form>
  );
}

export function ToneStep({
  formId,
  value,
  onChange,
  onSubmit,
}: {
  formId: string;
  value: CoachTone;
  onChange: (tone: CoachTone) => void;
  onSubmit: () => void;
}) {
  return (
    <form id={formId} onSubmit={submitting(onSubmit)}>
      <fieldset>
        <legend className="sr-only">Coach tone</legend>
        <div className="grid gap-3">
          {coachTones.map((tone) => (
            <ChoiceCard
              key={tone}
              type="radio"
              name="tone"
              checked={value === tone}
              onChange={() => onChange(tone)}
              title={toneChoices[tone].label}
            >
              <span className="italic">{toneChoices[tone].sample}</span>
            </ChoiceCard>
          ))}
        </div>
      </fieldset>
    </form>
  );
}

/** /onboarding after it is finished: where to go from here. */
export function AllSet() {
  const links = [
    { to: paths.schedule, label: 'Delivery times and days' },
    { to: paths.notificationSettings, label: 'Email, SMS and push' },
    { to: paths.goals, label: 'Your goals' },
  ];
  return (
    <div className="rounded-2xl border bg-card p-6 text-center shadow-sm sm:p-8">
      <CheckCircle2 aria-hidden="true" className="mx-auto size-10 text-primary" />
      <h1 className="mt-3 text-2xl font-semibold tracking-tight sm:text-3xl">You’re all set</h1>
      <p className="mx-auto mt-2 max-w-md text-muted-foreground">
        Your daily top three arrives at the times you chose. Change anything whenever you like.
      </p>
      <Link
        to={paths.dashboard}
        className={buttonClasses('primary', 'lg', 'mt-6 w-full sm:w-auto')}
      >
        Go to your dashboard
      </Link>
      <ul className="mt-6 flex flex-col items-center gap-2 text-sm sm:flex-row sm:justify-center sm:gap-5">
        {links.map((link) => (
          <li key={link.to}>
            <Link
              to={link.to}
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
