import { MessageCircle, Sparkles } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import {
  PERSONA_NOTE_MAX,
  coachTraitLabels,
  coachTraitNames,
  replyLengths,
  type CoachTraitName,
  type ReplyLength,
  type UserCoach,
} from '#contracts/coaching.ts';
import { coachToneLabels } from '#contracts/onboarding.ts';
import { CoachMarkdown } from './coach-markdown.tsx';
import { SaveResetButtons } from './save-reset-buttons.tsx';
import { CrisisPanel } from '#client/components/crisis-panel.tsx';
import { PageShell } from '#client/components/layout/page-shell.tsx';
import { buttonClasses } from '#client/components/ui/button.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { cn } from '#client/lib/cn.ts';
import { pathTo } from '#client/lib/paths.ts';
import { usePreview, useSaveOrReset, useUpdatePersonality } from '../customize-api.ts';
import {
  draftOf,
  personaNoteError,
  personalityBody,
  previewRequest,
  sameDraft,
  traitValueText,
  type PersonalityDraft,
} from '../customize-state.ts';
import { crisisRefusalIn, fieldProblem, problemOf } from '../problems.ts';
import { useDebouncedValue } from '../use-debounced-value.ts';

const lengthLabels: Record<ReplyLength, { label: string; hint: string }> = {
  short: { label: 'Short', hint: 'A line or two' },
  medium: { label: 'Medium', hint: 'A short paragraph' },
  long: { label: 'Long', hint: 'More detail and reasons' },
};

/** How long the sliders must rest before the preview is asked for again. */
const PREVIEW_DELAY_MS = 400;

function TraitSlider({
  trait,
  value,
  onChange,
}: {
  trait: CoachTraitName;
  value: number;
  onChange: (value: number) => void;
}) {
  const id = useId();
  const { label, low, high } = coachTraitLabels[trait];
  return (
    <div>
      <div className="flex items-baseline justify-between gap-3">
        <Label htmlFor={id}>{label}</Label>
        <span className="text-sm text-muted-foreground tabular-nums" aria-hidden="true">
          {value}/5
        </span>
      </div>
      <input
        id={id}
        type="range"
        min={1}
        max={5}
        step={1}
        value={value}
        aria-valuetext={traitValueText(value, low, high)}
        aria-describedby={`${id}-ends`}
        onChange={(event) => onChange(Number(event.target.value))}
        className="mt-2 h-6 w-full cursor-pointer accent-primary"
      />
      <div id={`${id}-ends`} className="flex justify-between gap-3 text-xs text-muted-foreground">
        <span>
          <span className="sr-only">From </span>
          {low}
        </span>
        <span className="text-right">
          <span className="sr-only">to </span>
          {high}
        </span>
      </div>
    </div>
  );
}

/** The draft as the server would have the coach answer: asked once the draft rests. */
function useLivePreview(userId: string, coach: UserCoach, draft: PersonalityDraft) {
  const settled = useDebouncedValue(draft, PREVIEW_DELAY_MS);
  // A note over the limit would only be refused: the preview waits until it fits.
  const request = personaNoteError(settled.personaNote)
    ? null
    : previewRequest(coach.tone, settled);
  const preview = usePreview(userId, coach.id, request);
  return { preview, updating: preview.isFetching || settled !== draft };
}

function PreviewCard({
  coach,
  preview,
  updating,
}: {
  coach: UserCoach;
  preview: ReturnType<typeof useLivePreview>['preview'];
  updating: boolean;
}) {
  const refused = crisisRefusalIn(preview.error) !== null;
  return (
    <section
      aria-labelledby="preview-heading"
      className="rounded-2xl border bg-primary-soft/40 p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="preview-heading" className="flex items-center gap-2 font-semibold">
          <Sparkles aria-hidden="true" className="size-4 text-primary" />
          How {coach.name} would answer
        </h2>
        <span className="flex items-center gap-2 text-xs text-muted-foreground" aria-hidden="true">
          {updating ? (
            <>
              <Spinner className="size-3.5 border-2" />
              Updating
            </>
          ) : (
            `${coachToneLabels[coach.tone]} tone`
          )}
        </span>
      </div>
      <div aria-live="polite" aria-busy={updating || undefined} className="mt-3 text-sm">
        {refused ? (
          <p className="text-muted-foreground">
            No sample with this note: the help beside the note comes first.
          </p>
        ) : preview.isError && !preview.data ? (
          <p role="alert" className="text-danger">
            {problemOf(
              preview.error,
              'The preview could not load. It will try again as you change something.',
            )}
          </p>
        ) : preview.data ? (
          // Kept at full contrast while the next one is written; "Updating" above says so.
          <CoachMarkdown text={preview.data.text} />
        ) : (
          <p className="text-muted-foreground">Writing a sample from your own week...</p>
        )}
      </div>
    </section>
  );
}

/**
 * /coaching/personality/{userCoachId}: five bounded traits, the reply length and an optional
 * persona note (read by the crisis guard), with a live preview reply; Save and Reset.
 */
export function PersonalityScreen({ userId, coach }: { userId: string; coach: UserCoach }) {
  const saved = draftOf(coach.personality);
  const [draft, setDraft] = useState<PersonalityDraft>(saved);
  const update = useSaveOrReset(
    useUpdatePersonality(userId, coach.id),
    (coachSaved) => setDraft(draftOf(coachSaved.personality)),
    {
      saved: (coachSaved) => ({
        title: 'Personality saved',
        description: `${coachSaved.name}'s next replies will sound like the preview.`,
      }),
      reset: () => ({ title: 'Back to the default personality' }),
      notSaved: 'The personality was not saved',
      notReset: 'The personality was not reset',
      // A refused note is explained beside the note; anything else in a toast.
      explainedInPlace: (error) =>
        crisisRefusalIn(error) !== null ||
        fieldProblem(error, 'personaNote') !== null ||
        (error instanceof ApiError && error.status === 400),
    },
  );
  const noteId = useId();
  const lengthName = useId();

  const { preview, updating } = useLivePreview(userId, coach, draft);

  const noteError = personaNoteError(draft.personaNote);
  const savedRefusal = update.isError ? crisisRefusalIn(update.error) : null;
  // The guard reads the note in the preview too: its help shows before any save, once.
  const refusedCrisis = savedRefusal ?? crisisRefusalIn(preview.error);
  const refusedNote = !update.isError
    ? null
    : refusedCrisis
      ? 'This note was not saved. Your coach will not use it.'
      : (fieldProblem(update.error, 'personaNote') ??
        (update.error instanceof ApiError && update.error.status === 400
          ? update.error.message
          : null));
  const changed = !sameDraft(draft, saved);

  const setTrait = (trait: CoachTraitName, value: number) =>
    setDraft((current) => ({ ...current, traits: { ...current.traits, [trait]: value } }));

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (noteError) {
      document.getElementById(noteId)?.focus();
      return;
    }
    if (!changed) {
      toast.info('Nothing to save', { description: 'The personality is as saved.' });
      return;
    }
    update.save(personalityBody(draft));
  };

  const noteProblem = noteError ?? refusedNote;
  const noteLength = draft.personaNote.trim().length;

  return (
    <PageShell
      title={`${coach.name}'s personality`}
      description="Style only: the traits change how your coach words things, never the facts."
      width="default"
      actions={
        <>
          <Link to={pathTo.coachingCustomize(coach.id)} className={buttonClasses('outline', 'sm')}>
            Name and tone
          </Link>
          <Link
            to={pathTo.coachingChat(coach.id)}
            className={buttonClasses('outline', 'sm')}
            aria-label={`Chat with ${coach.name}`}
          >
            <MessageCircle aria-hidden="true" className="size-4" />
            Chat
          </Link>
        </>
      }
    >
      <div className="flex flex-col gap-6 lg:grid lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
        <form onSubmit={save} noValidate className="space-y-8">
          <fieldset className="space-y-5">
            <legend className="mb-4 font-medium">Traits</legend>
            {coachTraitNames.map((trait) => (
              <TraitSlider
                key={trait}
                trait={trait}
                value={draft.traits[trait]}
                onChange={(value) => setTrait(trait, value)}
              />
            ))}
          </fieldset>

          <fieldset>
            <legend className="font-medium">Reply length</legend>
            <div className="mt-3 grid grid-cols-3 gap-2">
              {replyLengths.map((length) => {
                const checked = draft.replyLength === length;
                return (
                  <label
                    key={length}
                    className={cn(
                      'flex cursor-pointer flex-col rounded-xl border bg-card px-3 py-2.5 text-sm transition',
                      'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
                      checked ? 'border-primary ring-1 ring-primary' : 'hover:bg-muted/60',
                    )}
                  >
                    <input
                      type="radio"
                      name={lengthName}
                      value={length}
                      checked={checked}
                      onChange={() => setDraft((current) => ({ ...current, replyLength: length }))}
                      className="sr-only"
                    />
                    <span className="font-medium">{lengthLabels[length].label}</span>
                    <span className="text-xs text-muted-foreground">
                      {lengthLabels[length].hint}
                    </span>
                  </label>
                );
              })}
            </div>
          </fieldset>

          <div className="space-y-2">
            <Label htmlFor={noteId}>Persona note (optional)</Label>
            <Textarea
              id={noteId}
              value={draft.personaNote}
              rows={3}
              placeholder="Call me Sam. No sports metaphors, please."
              aria-invalid={noteProblem ? true : undefined}
              aria-describedby={`${noteId}-count${noteProblem ? ` ${noteId}-error` : ''}`}
              onChange={(event) =>
                setDraft((current) => ({ ...current, personaNote: event.target.value }))
              }
            />
            <p
              id={`${noteId}-count`}
              className={cn(
                'text-sm',
                noteLength > PERSONA_NOTE_MAX ? 'text-danger' : 'text-muted-foreground',
              )}
            >
              {noteLength}/{PERSONA_NOTE_MAX} characters. How your coach should speak to you, in
              your words.
            </p>
            {noteProblem ? (
              <p id={`${noteId}-error`} role="alert" className="text-sm text-danger">
                {noteProblem}
              </p>
            ) : null}
          </div>

          {refusedCrisis ? (
            <CrisisPanel
              crisis={refusedCrisis}
              headingLevel="h3"
              // After Save the help takes the focus; while typing it appears without moving it.
              takeFocus={savedRefusal !== null}
            />
          ) : null}

          <div className="flex flex-wrap gap-3 border-t pt-6">
            <SaveResetButtons pending={update.isPending} onReset={update.reset} />
          </div>
        </form>
        {/* First on a phone, so the sample is in view before the sliders; beside them when wide. */}
        <div className="-order-1 lg:sticky lg:top-24 lg:order-none">
          <PreviewCard coach={coach} preview={preview} updating={updating} />
        </div>
      </div>
    </PageShell>
  );
}
