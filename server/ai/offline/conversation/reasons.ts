import type { CoachTone } from '#contracts/onboarding.ts';
import type { PersonFacts } from '#server/ai/conversation.ts';
import type { Goal } from './facts.ts';
import { clip, dayLabel } from './text.ts';
import { say, toneWord, type Voice } from './voice.ts';

/**
 * The one sentence on why, in the coach's words, that each proposal card shows. Plain text (the
 * card is not Markdown); the titles and figures are the person's own.
 */

const t = (title: string) => `“${clip(title, 80)}”`;

export function moveReason(
  voice: Voice,
  facts: PersonFacts,
  to: string,
  minutes: number,
  asked: boolean,
): string {
  const vars = { day: dayLabel(to, facts.today), minutes: String(minutes) };
  if (asked)
    return say(voice, 'You asked for {day}, and it has {minutes} minutes planned so far.', vars);
  const words: Record<CoachTone, string> = {
    supportive:
      '{day} is your lightest day ({minutes} minutes planned), so it has room to breathe.',
    direct: '{day} has the least on it: {minutes} minutes.',
    analytical: '{day} carries the fewest planned minutes of the next seven days ({minutes}).',
    motivational:
      '{day} is wide open ({minutes} minutes planned): the perfect spot for a comeback!',
    mindful: '{day} is your calmest day ({minutes} minutes planned), a gentler place for it.',
  };
  const cap = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
  return cap(say(voice, toneWord(voice, words), vars));
}

export function firstStepReason(voice: Voice, goal: Goal, minutes: number): string {
  const vars = { goal: t(goal.title), minutes: String(minutes), progress: String(goal.progress) };
  return say(
    voice,
    toneWord(voice, {
      supportive:
        '{goal} has nothing planned in the next seven days; a small start keeps it alive.',
      direct: '{goal} has nothing planned this week. {minutes} minutes fixes that.',
      analytical: '{goal} is at {progress} % with 0 tasks in the next seven days.',
      motivational: '{goal} is waiting for you: {minutes} minutes gets it moving again!',
      mindful: 'A small, unhurried start for {goal}, which has nothing planned this week.',
    }),
    vars,
  );
}

export function startReason(voice: Voice, title: string): string {
  return say(
    voice,
    toneWord(voice, {
      supportive: 'Starting is the hardest part of {task}; 10 minutes is small enough to begin.',
      direct: '10 minutes on {task} beats another day of putting it off.',
      analytical: 'A 10-minute start on {task} lowers the cost of beginning to almost nothing.',
      motivational: 'Ten minutes on {task} and the momentum is yours!',
      mindful: 'Ten quiet minutes with {task}, with no pressure to finish.',
    }),
    { task: t(title) },
  );
}

export function experimentReason(voice: Voice, title: string, times: number): string {
  const vars = { item: t(title), times: times === 1 ? 'for days' : `${times} times` };
  return say(
    voice,
    toneWord(voice, {
      supportive: '{item} has slipped {times}; a fixed small slot can make it easier to keep.',
      direct: '{item} has slipped {times}. A fixed slot stops that.',
      analytical: '{item} has slipped {times}; a fixed slot tests whether timing is the cause.',
      motivational: '{item} has slipped {times}: a fixed slot turns it into a habit you own!',
      mindful: '{item} has slipped {times}; a steady small slot may feel lighter.',
    }),
    vars,
  );
}

export function alternateReason(voice: Voice, a: Goal, b: Goal): string {
  return say(
    voice,
    'Alternating days gives {a} and {b} their own time instead of competing for the same one.',
    { a: t(a.title), b: t(b.title) },
  );
}
