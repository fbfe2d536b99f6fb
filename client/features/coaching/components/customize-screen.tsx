import { MessageCircle, SlidersHorizontal } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { coachDomainLabels } from '#contracts/coach.ts';
import { COACH_NAME_MAX, catalogueCoach, type UserCoach } from '#contracts/coaching.ts';
import { coachTones, coachToneLabels, type CoachTone } from '#contracts/onboarding.ts';
import { CoachMarkdown } from './coach-markdown.tsx';
import { SaveResetButtons } from './save-reset-buttons.tsx';
import { PageShell } from '#client/components/layout/page-shell.tsx';
import { buttonClasses } from '#client/components/ui/button.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { cn } from '#client/lib/cn.ts';
import { pathTo } from '#client/lib/paths.ts';
import { useCustomizeCoach, usePreview, useSaveOrReset } from '../customize-api.ts';
import { draftOf, nameError, previewRequest } from '../customize-state.ts';
import { fieldProblem } from '../problems.ts';

/** One tone to pick, with a short reply in it from the person's own figures. */
function ToneOption({
  userId,
  coach,
  tone,
  checked,
  onPick,
  staticSample,
}: {
  userId: string;
  coach: UserCoach;
  tone: CoachTone;
  checked: boolean;
  onPick: () => void;
  staticSample: string;
}) {
  const id = useId();
  // Short, so five samples can be compared at a glance; the personality page shows full length.
  const preview = usePreview(
    userId,
    coach.id,
    previewRequest(tone, { ...draftOf(coach.personality), replyLength: 'short' }),
  );
  const sample = preview.data?.text;
  return (
    // The card is a larger target for a pointer; keyboards use the radio itself.
    <div
      onClick={onPick}
      className={cn(
        'cursor-pointer rounded-2xl border bg-card p-4 shadow-sm transition',
        'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
        checked ? 'border-primary ring-1 ring-primary' : 'hover:bg-muted/60',
      )}
    >
      <div className="flex items-center gap-3">
        <input
          id={id}
          type="radio"
          name="tone"
          value={tone}
          checked={checked}
          onChange={onPick}
          aria-describedby={`${id}-sample`}
          className="size-4 shrink-0 accent-primary"
        />
        <label htmlFor={id} className="cursor-pointer font-medium">
          {coachToneLabels[tone]}
        </label>
      </div>
      <div
        id={`${id}-sample`}
        aria-busy={preview.isPending || undefined}
        className="mt-2 pl-7 text-sm text-muted-foreground"
      >
        {sample ? (
          <CoachMarkdown text={sample} />
        ) : (
          // Until the coach's own sample arrives (or if it cannot), a fixed one shows the tone.
          <p>{staticSample}</p>
        )}
      </div>
    </div>
  );
}

/**
 * /coaching/customize/{userCoachId}: an own coach's name (1–40 characters) and tone, each tone
 * with a sample reply; Save, and Reset to the catalogue's name and the default tone.
 */
export function CustomizeScreen({
  userId,
  coach,
  toneSamples,
}: {
  userId: string;
  coach: UserCoach;
  /** A fixed sample per tone, shown until the coach's own sample arrives. */
  toneSamples: Record<CoachTone, { sample: string }>;
}) {
  const [name, setName] = useState(coach.name);
  const [tone, setTone] = useState<CoachTone>(coach.tone);
  const [touched, setTouched] = useState(false);
  const adopt = (saved: UserCoach) => {
    setName(saved.name);
    setTone(saved.tone);
    setTouched(false);
  };
  const toneOf = (saved: UserCoach) => coachToneLabels[saved.tone].toLowerCase();
  const customize = useSaveOrReset(useCustomizeCoach(userId, coach.id), adopt, {
    saved: (saved) => ({
      title: 'Coach saved',
      description: `${saved.name} now speaks in a ${toneOf(saved)} tone.`,
    }),
    reset: (saved) => ({
      title: 'Back to the default',
      description: `${saved.name}, in a ${toneOf(saved)} tone.`,
    }),
    notSaved: 'Your coach was not saved',
    notReset: 'Your coach was not reset',
  });
  const catalogue = catalogueCoach(coach.catalogueId);
  const nameId = useId();

  const localError = nameError(name);
  const serverError = customize.isError ? fieldProblem(customize.error, 'name') : null;
  const shownNameError = (touched ? localError : null) ?? serverError;
  const changed = name.trim() !== coach.name || tone !== coach.tone;

  const save = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (localError) {
      document.getElementById(nameId)?.focus();
      return;
    }
    if (!changed) {
      toast.info('Nothing to save', { description: 'The name and the tone are as saved.' });
      return;
    }
    customize.save({
      ...(name.trim() !== coach.name ? { name: name.trim() } : {}),
      ...(tone !== coach.tone ? { tone } : {}),
    });
  };

  return (
    <PageShell
      title={`Customize ${coach.name}`}
      description={`Your ${coachDomainLabels[coach.domain].toLowerCase()} coach: the name you call it and how it talks to you.`}
      width="narrow"
      actions={
        <Link
          to={pathTo.coachingChat(coach.id)}
          className={buttonClasses('outline', 'sm')}
          aria-label={`Chat with ${coach.name}`}
        >
          <MessageCircle aria-hidden="true" className="size-4" />
          Chat
        </Link>
      }
    >
      <form onSubmit={save} noValidate className="space-y-8">
        <FormField
          id={nameId}
          label="Name"
          value={name}
          autoComplete="off"
          onChange={(event) => setName(event.target.value)}
          onBlur={() => setTouched(true)}
          description={`${name.trim().length}/${COACH_NAME_MAX} characters${
            catalogue ? `. It started as ${catalogue.name}.` : '.'
          }`}
          error={shownNameError}
        />

        <fieldset>
          <legend className="font-medium">Tone</legend>
          <p className="mt-1 text-sm text-muted-foreground">
            The tone changes the wording, never the facts. Each sample is from your own week.
          </p>
          <div className="mt-4 space-y-3">
            {coachTones.map((option) => (
              <ToneOption
                key={option}
                userId={userId}
                coach={coach}
                tone={option}
                checked={tone === option}
                onPick={() => setTone(option)}
                staticSample={toneSamples[option].sample}
              />
            ))}
          </div>
        </fieldset>

        <div className="flex flex-wrap items-center gap-3 border-t pt-6">
          <SaveResetButtons pending={customize.isPending} onReset={customize.reset} />
          <Link
            to={pathTo.coachingPersonality(coach.id)}
            className={buttonClasses('link', 'md', 'px-0 sm:ml-auto')}
          >
            <SlidersHorizontal aria-hidden="true" className="size-4" />
            Personality
          </Link>
        </div>
      </form>
    </PageShell>
  );
}
