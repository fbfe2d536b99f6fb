import { addDays } from '#contracts/local-date.ts';
import type { CoachTone } from '#contracts/onboarding.ts';
import type { CheckInReason, CoachPersona, PersonFacts } from '#server/ai/conversation.ts';
import { focusGoal, goalsWithNothingPlanned, lightestDay } from './facts.ts';
import { goalLine, streakLine, weekLine } from './lines.ts';
import { coachReplyOffline } from './reply.ts';
import { dayLabel, listJoin, q } from './text.ts';
import { aside, say, stepMinutes, suggest, toneWord, voiceOf } from './voice.ts';

/**
 * Two things the coaching screens and the check-ins ask of the offline engine, synchronously:
 * a sample reply for the customize and personality pages (the answer this coach would give to
 * "how am I doing?", with the person's own figures), and the message a coach writes first after
 * a missed top three or a quiet week.
 */

/** What the preview answers: the most common opening of a conversation. */
export const PREVIEW_MESSAGE = 'How am I doing?';

export function previewOffline(input: { coach: CoachPersona; facts: PersonFacts }): string {
  return coachReplyOffline({ ...input, message: PREVIEW_MESSAGE, history: [] }).text;
}

const OPENERS: Record<CheckInReason, Record<CoachTone, string>> = {
  missed_top_three: {
    supportive: "Just checking in{hi}: yesterday's top three didn't get done, and that's okay.",
    direct: "Yesterday's top three didn't get done{hi}.",
    analytical: "A quick look at yesterday{hi}: the top three wasn't completed.",
    motivational: "Hey{hi}! Yesterday's top three got away, so today's the comeback!",
    mindful: "Checking in gently{hi}: yesterday's top three stayed open.",
  },
  quiet_week: {
    supportive: "Hi{hi}, it's been a quiet week, and I wanted to see how you are.",
    direct: "It's been a quiet week{hi}. Let's restart.",
    analytical: 'A look at the last 7 days{hi}: activity has dropped.',
    motivational: "Hey{hi}! It's been quiet, and I think you're ready for a fresh start!",
    mindful: "Hello{hi}. The week has been quiet; that's allowed, and we can begin again softly.",
  },
};

const QUESTIONS: Record<CoachTone, string> = {
  supportive: 'Would you like to pick one thing together?',
  direct: 'Which one is happening today?',
  analytical: 'What got in the way, so we can plan around it?',
  motivational: 'Are you in?',
  mindful: 'What would feel manageable today?',
};

export function checkInOffline(input: {
  coach: CoachPersona;
  facts: PersonFacts;
  reason: CheckInReason;
}): string {
  const { coach, facts, reason } = input;
  const voice = voiceOf(coach, facts, `${reason}|${facts.today}`);
  const hi = voice.name && voice.traits.warmth >= 3 ? `, ${voice.name}` : '';
  const blocks: string[] = [say(voice, OPENERS[reason][voice.tone], { hi })];
  const light = lightestDay(facts);

  if (reason === 'missed_top_three') {
    const yesterday = addDays(facts.today, -1);
    const left = facts.missed.filter((task) => task.scheduledDate === yesterday);
    const named = (left.length > 0 ? left : facts.missed).slice(0, 3);
    const facts_: string[] = [];
    if (named.length > 0) {
      facts_.push(
        say(voice, 'Still open: {tasks}.', {
          tasks: listJoin(
            named.map((task) => `${q(task.title)} (${dayLabel(task.scheduledDate, facts.today)})`),
          ),
        }),
      );
    }
    facts_.push(streakLine(voice, facts));
    blocks.push(facts_.join(' '));
    const first = named[0];
    if (first) {
      blocks.push(
        suggest(
          voice,
          say(voice, 'move {task} to {day}, or do it first today', {
            task: q(first.title),
            day: dayLabel(light.date, facts.today),
          }),
        ),
      );
    }
  } else {
    const goal = goalsWithNothingPlanned(facts)[0] ?? focusGoal(facts);
    blocks.push(
      [weekLine(voice, facts), goal ? goalLine(voice, facts, goal) : null]
        .filter((l): l is string => l !== null)
        .join(' '),
    );
    const next = facts.upcoming[0];
    if (next) {
      blocks.push(
        suggest(
          voice,
          say(voice, 'start small with {task} {day}', {
            task: q(next.title),
            day: dayLabel(next.scheduledDate, facts.today),
          }),
        ),
      );
    } else if (goal) {
      blocks.push(
        suggest(
          voice,
          say(voice, 'give {goal} {minutes} minutes {day}', {
            goal: q(goal.title),
            minutes: String(stepMinutes(voice)),
            day: dayLabel(light.date, facts.today),
          }),
        ),
      );
    } else {
      blocks.push(
        say(voice, "You don't have a goal yet: one sentence on the Goals page is enough to start."),
      );
    }
  }
  const joke = aside(voice, 'hard');
  if (joke && voice.length !== 'short') blocks.push(joke);
  blocks.push(toneWord(voice, QUESTIONS));
  return blocks.join('\n\n');
}
