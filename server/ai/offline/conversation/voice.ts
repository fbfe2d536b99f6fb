import type { CoachTraits, ReplyLength } from '#contracts/coaching.ts';
import type { CoachTone } from '#contracts/onboarding.ts';
import type { CoachPersona, PersonFacts } from '#server/ai/conversation.ts';
import { pick } from './text.ts';

/**
 * How the coach speaks: the tone (supportive, direct, analytical, motivational, mindful), the five
 * traits (1–5) and the reply length. The voice only ever shapes templates, before the person's
 * facts are filled in, so a tone or a trait can change the wording and never a title, a number
 * or a date.
 */

export type IntentGroup = 'status' | 'hard' | 'win' | 'plan';

export interface Voice {
  tone: CoachTone;
  traits: CoachTraits;
  length: ReplyLength;
  /** The name to address the person by ("call me Sam" in the persona note wins), if any. */
  name: string | null;
  /** Varies the wording between messages without randomness. */
  seed: string;
}

/** "call me Sam" / "my name is Sam" in the persona note. */
function nameFromNote(note: string | null): string | null {
  if (!note) return null;
  const match = /\b(?:[Cc]all me|[Mm]y name is|I'?m called)\s+(\p{Lu}[\p{L}'-]{0,29})/u.exec(note);
  return match?.[1] ?? null;
}

export function voiceOf(coach: CoachPersona, facts: PersonFacts, seed: string): Voice {
  return {
    tone: coach.tone,
    traits: coach.personality.traits,
    length: coach.personality.replyLength,
    name: nameFromNote(coach.personality.personaNote) ?? facts.firstName,
    seed,
  };
}

const CONTRACTIONS: Array<[RegExp, string]> = [
  [/\bcan't\b/g, 'cannot'],
  [/\bwon't\b/g, 'will not'],
  [/\blet's\b/g, 'let us'],
  [/\bLet's\b/g, 'Let us'],
  [/\b(\w+)n't\b/g, '$1 not'],
  [/\b([Yy]ou|[Ww]e|[Tt]hey)'re\b/g, '$1 are'],
  [/\b([Yy]ou|[Ww]e|[Tt]hey|I)'ve\b/g, '$1 have'],
  [/\b([Yy]ou|[Ww]e|[Tt]hey|I|[Ii]t|[Tt]hat)'ll\b/g, '$1 will'],
  [/\b([Yy]ou|[Ww]e|[Tt]hey|I)'d\b/g, '$1 would'],
  [/\bI'm\b/g, 'I am'],
  [/\b([Ii]t|[Tt]hat|[Tt]here|[Hh]ere|[Ww]hat|[Ww]ho)'s\b/g, '$1 is'],
];

/**
 * A template in this voice: formal coaches (formality 4–5) spell contractions out and do not
 * exclaim; then `{name}` slots are filled with the facts, which the voice never touches.
 */
export function say(voice: Voice, template: string, vars: Record<string, string> = {}): string {
  let text = template;
  if (voice.traits.formality >= 4) {
    for (const [pattern, replacement] of CONTRACTIONS) text = text.replace(pattern, replacement);
    text = text.replace(/!/g, '.').replace(/\bOkay\b/g, 'Very well');
  }
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => vars[key] ?? whole);
}

/** Directness as the tone leans it: a direct coach is one step blunter, a mindful one softer. */
function directness(voice: Voice): number {
  const lean = voice.tone === 'direct' ? 1 : voice.tone === 'mindful' ? -1 : 0;
  return Math.min(5, Math.max(1, voice.traits.directness + lean));
}

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * A suggestion: `action` is a verb phrase with the facts already in it ("move “Run” to Friday").
 * Blunt coaches give the instruction, gentle ones an option; the second and third follow on.
 */
export function suggest(voice: Voice, action: string, index = 0): string {
  const level = directness(voice);
  if (index > 0) {
    if (level >= 4) return `${say(voice, 'Then')} ${action}.`;
    if (level === 3) return `${say(voice, "I'd also")} ${action}.`;
    return `${say(voice, 'You could also')} ${action}.`;
  }
  if (level >= 4) return `${capitalise(action)}.`;
  if (level === 3) return `${say(voice, "I'd suggest you")} ${action}.`;
  return `${say(voice, 'If it helps, you could')} ${action}.`;
}

/** ", Sam" when the coach is warm enough to use the name. */
function hi(voice: Voice): string {
  return voice.name && voice.traits.warmth >= 3 ? `, ${voice.name}` : '';
}

const OPENERS: Record<CoachTone, Record<IntentGroup, string[]>> = {
  supportive: {
    status: ['Good to hear from you{hi}.', 'Thanks for checking in{hi}.'],
    hard: ["Thanks for telling me{hi}. This happens to everyone who's building something."],
    win: ["That's wonderful{hi}!", 'I love hearing this{hi}!'],
    plan: ["Let's shape this together{hi}."],
  },
  direct: {
    status: ["Here's where you stand{hi}."],
    hard: ["Okay{hi}. Let's fix it."],
    win: ['Good work{hi}.'],
    plan: ["Let's sort the plan{hi}."],
  },
  analytical: {
    status: ["Let's look at the figures{hi}."],
    hard: ["Let's look at what the numbers say{hi}."],
    win: ['That shows up in your numbers{hi}.'],
    plan: ["Here's how the next seven days add up{hi}."],
  },
  motivational: {
    status: ['Great to see you{hi}!', 'Love that you checked in{hi}!'],
    hard: ['Every streak has dips{hi}, and this is where comebacks start!'],
    win: ["Yes{hi}! That's a real win!"],
    plan: ["Let's make this week count{hi}!"],
  },
  mindful: {
    status: ["Let's pause and notice where you are{hi}."],
    hard: ["Let's take a breath{hi}. Nothing here is beyond repair."],
    win: ['Take a moment to enjoy this{hi}.'],
    plan: ["Let's look at the week ahead calmly{hi}."],
  },
};

const CLOSINGS: Record<CoachTone, Record<IntentGroup, string>> = {
  supportive: {
    status: 'What would feel good to do next?',
    hard: 'What feels doable today?',
    win: 'How would you like to build on it?',
    plan: 'Does this feel manageable?',
  },
  direct: {
    status: "What's your next move?",
    hard: 'Which one are you doing first?',
    win: "What's next?",
    plan: 'Will you commit to it?',
  },
  analytical: {
    status: 'Which of these numbers do you want to move this week?',
    hard: 'What got in the way: time, energy or the task itself?',
    win: 'What made it work, so we can repeat it?',
    plan: "Which day has room you haven't counted?",
  },
  motivational: {
    status: 'Ready to go?',
    hard: 'Are you in?',
    win: "What's the next win?",
    plan: 'Ready to own this week?',
  },
  mindful: {
    status: 'What do you notice?',
    hard: 'What would be kind to yourself today?',
    win: 'What did this teach you?',
    plan: 'Where in the week will you leave room to rest?',
  },
};

const EMPATHY: Record<CoachTone, string> = {
  supportive: "It's okay: one slow stretch doesn't undo your progress.",
  direct: 'It happens. What matters is the next step.',
  analytical: 'Dips like this are normal in any run of data.',
  motivational: "You've bounced back before, and you will again!",
  mindful: 'Be gentle with yourself here.',
};

const HUMOUR: Record<IntentGroup, string[]> = {
  hard: [
    "(The task won't notice if the first ten minutes are clumsy.)",
    '(Nobody has ever been told off for a messy first draft.)',
  ],
  win: ['(Feel free to tell the nearest houseplant.)', '(A small victory lap is allowed.)'],
  plan: [
    '(Calendars love a clear plan almost as much as coaches do.)',
    '(Future you says thanks.)',
  ],
  status: ['(No capes required, just the next small step.)', '(Future you says thanks.)'],
};

const STRETCH: Record<IntentGroup, string> = {
  hard: "And once that's done, do one more before the day ends.",
  win: 'Now raise the bar a little: aim for the whole top three tomorrow.',
  plan: 'Aim to finish the week with nothing carried over.',
  status: "You can do more than you're giving yourself credit for: add one task today.",
};

const EASE: Record<IntentGroup, string> = {
  hard: 'Even one small step counts today.',
  win: "Rest on this for a moment: you've earned it.",
  plan: "Leave some room: a lighter week you keep beats a full one you don't.",
  status: "There's no rush: one step at a time.",
};

export function opener(voice: Voice, group: IntentGroup): string {
  return say(voice, pick(OPENERS[voice.tone][group], voice.seed), { hi: hi(voice) });
}

export function closing(voice: Voice, group: IntentGroup): string {
  return say(voice, CLOSINGS[voice.tone][group]);
}

/** A sentence of empathy from a warm coach on a hard day; nothing from a matter-of-fact one. */
export function empathy(voice: Voice): string | null {
  return voice.traits.warmth >= 4 ? say(voice, EMPATHY[voice.tone]) : null;
}

/** A light aside from a playful coach (humour 4–5). */
export function aside(voice: Voice, group: IntentGroup): string | null {
  return voice.traits.humour >= 4 ? say(voice, pick(HUMOUR[group], voice.seed)) : null;
}

/** A push from a challenging coach (4–5) or an easing from an easy-going one (1–2). */
export function challengeLine(voice: Voice, group: IntentGroup): string | null {
  if (voice.traits.challenge >= 4) return say(voice, STRETCH[group]);
  if (voice.traits.challenge <= 2) return say(voice, EASE[group]);
  return null;
}

/** Harder coaches ask for the 15 minutes and two weeks; gentler ones for 10 and one. */
export function stepMinutes(voice: Voice): 10 | 15 {
  return voice.traits.challenge >= 3 ? 15 : 10;
}
export function experimentDays(voice: Voice): 7 | 14 {
  return voice.traits.challenge >= 3 ? 14 : 7;
}

/** How many proposals fit the reply length. */
export function proposalLimit(voice: Voice): number {
  return voice.length === 'short' ? 1 : voice.length === 'medium' ? 2 : 3;
}

/** Tone-specific words for the same figure. */
export function toneWord(voice: Voice, words: Record<CoachTone, string>): string {
  return say(voice, words[voice.tone]);
}
