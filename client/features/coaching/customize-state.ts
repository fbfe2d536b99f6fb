import {
  COACH_NAME_MAX,
  DEFAULT_PERSONALITY,
  PERSONA_NOTE_MAX,
  coachTraitNames,
  type CoachPersonality,
  type CoachTraits,
  type PreviewRequest,
  type ReplyLength,
  type UpdatePersonality,
} from '#contracts/coaching.ts';
import type { CoachTone } from '#contracts/onboarding.ts';

// The customize and personality pages' pure rules: what a person may type, what is sent, and
// whether there is anything unsaved.

/** What is wrong with a coach's name, in words for the field, or null. */
export function nameError(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed.length === 0) return 'Give your coach a name.';
  if (trimmed.length > COACH_NAME_MAX) {
    return `Keep it to ${COACH_NAME_MAX} characters (this is ${trimmed.length}).`;
  }
  return null;
}

/** The personality as the form holds it: the note as typed ('' for none). */
export interface PersonalityDraft {
  traits: CoachTraits;
  replyLength: ReplyLength;
  personaNote: string;
}

export function draftOf(personality: CoachPersonality): PersonalityDraft {
  return {
    traits: { ...personality.traits },
    replyLength: personality.replyLength,
    personaNote: personality.personaNote ?? '',
  };
}

export const defaultDraft: PersonalityDraft = draftOf(DEFAULT_PERSONALITY);

/** The note as the server stores it: trimmed, and null when empty. */
function noteOf(draft: PersonalityDraft): string | null {
  const note = draft.personaNote.trim();
  return note === '' ? null : note;
}

export function personaNoteError(note: string): string | null {
  const length = note.trim().length;
  return length > PERSONA_NOTE_MAX
    ? `Keep the note to ${PERSONA_NOTE_MAX} characters (this is ${length}).`
    : null;
}

/** PUT /api/coach/coaches/:id/personality's body for the draft. */
export function personalityBody(
  draft: PersonalityDraft,
): Exclude<UpdatePersonality, { reset: true }> {
  return { traits: draft.traits, replyLength: draft.replyLength, personaNote: noteOf(draft) };
}

/** POST /api/coach/coaches/:id/preview's body: the draft as it would sound in `tone`. */
export function previewRequest(tone: CoachTone, draft: PersonalityDraft): PreviewRequest {
  return { tone, ...personalityBody(draft) };
}

/** Whether two drafts would save the same personality (the note compared as it is stored). */
export function sameDraft(a: PersonalityDraft, b: PersonalityDraft): boolean {
  return (
    a.replyLength === b.replyLength &&
    noteOf(a) === noteOf(b) &&
    coachTraitNames.every((trait) => a.traits[trait] === b.traits[trait])
  );
}

/** "3 of 5, warm" style words for a trait's slider, read by screen readers as it moves. */
export function traitValueText(value: number, low: string, high: string): string {
  const side = value <= 2 ? low : value >= 4 ? high : 'balanced';
  return `${value} of 5, ${side.toLowerCase()}`;
}
