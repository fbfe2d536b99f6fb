import type { CoachTone } from '#contracts/onboarding.ts';
import type { PersonFacts } from '#server/ai/conversation.ts';
import type { Goal } from './facts.ts';
import { topThreeCounts } from './facts.ts';
import { count, dayLabel, dayMonth, daysAway, q } from './text.ts';
import { say, toneWord, type Voice } from './voice.ts';

/**
 * The sentences that quote the person's figures (Markdown): today's top three, the streak, the
 * week, a goal's progress. Every reply starts from one of them, so no reply could fit anyone
 * else. The tone picks the frame; the figures inside are the same for every tone.
 */

/** “A” ✓, “B”, “C” (skipped). */
export function topThreeItems(facts: PersonFacts): string {
  return facts.topThree
    .map((task) => {
      const mark = task.status === 'done' ? ' ✓' : task.status === 'skipped' ? ' (skipped)' : '';
      return `${q(task.title)}${mark}`;
    })
    .join(', ');
}

export function topThreeLine(voice: Voice, facts: PersonFacts): string | null {
  if (facts.topThree.length === 0) return null;
  const { done } = topThreeCounts(facts);
  const total = facts.topThree.length;
  const frame: Record<CoachTone, string> = {
    supportive: "Today's top three: **{done} of {total} done** ({items}).",
    direct: 'Top three today: **{done}/{total} done**. {items}.',
    analytical: "Today's top three stands at **{done} of {total}** complete: {items}.",
    motivational: "Today's top three: **{done} of {total}** already done! {items}.",
    mindful: 'Your top three for today, **{done} of {total}** done so far: {items}.',
  };
  return say(voice, frame[voice.tone], {
    done: String(done),
    total: String(total),
    items: topThreeItems(facts),
  });
}

export function streakLine(voice: Voice, facts: PersonFacts): string {
  const { current, best } = facts.streak;
  const vars = { current: count(current, 'day'), best: count(best, 'day') };
  if (current === 0) {
    return say(
      voice,
      toneWord(voice, {
        supportive:
          'Your streak is at **0 days** right now, and your best was **{best}**: you know how to build one.',
        direct: 'Streak: **0 days**. Best: **{best}**.',
        analytical: 'Current streak **0 days**; best **{best}**.',
        motivational:
          'Your streak is at **0 days**, and your best is **{best}**. Time to start a new one!',
        mindful: 'Your streak is resting at **0 days**; your best was **{best}**.',
      }),
      vars,
    );
  }
  return say(
    voice,
    toneWord(voice, {
      supportive: "You've kept your streak going for **{current}** (your best is **{best}**).",
      direct: 'Streak: **{current}**. Best: **{best}**.',
      analytical: 'Current streak **{current}** against a best of **{best}**.',
      motivational: '**{current}** in a row, and your best is **{best}**!',
      mindful: "You've shown up **{current}** in a row (best: **{best}**).",
    }),
    vars,
  );
}

export function weekLine(voice: Voice, facts: PersonFacts): string {
  const { done, skipped, topThreeDays, topThreeAllDone } = facts.week;
  const vars = {
    done: count(done, 'task'),
    skipped: String(skipped),
    days: String(topThreeDays),
    all: String(topThreeAllDone),
  };
  return say(
    voice,
    toneWord(voice, {
      supportive: 'Over the last 7 days you finished **{done}** and skipped {skipped}.',
      direct: 'Last 7 days: **{done} done**, {skipped} skipped.',
      analytical:
        'Last 7 days: **{done}** done, {skipped} skipped; the whole top three done on {all} of {days} days.',
      motivational: 'In the last 7 days you knocked out **{done}**!',
      mindful: 'Looking back over 7 days: **{done}** done, {skipped} let go.',
    }),
    vars,
  );
}

/** “Run 10K” is at **40 %**, due 1 June (in 80 days). */
export function goalLine(voice: Voice, facts: PersonFacts, goal: Goal): string {
  const vars = {
    goal: q(goal.title),
    progress: String(goal.progress),
    due: dayMonth(goal.deadline, facts.today),
    away: daysAway(goal.deadline, facts.today),
  };
  if (goal.deadline < facts.today) {
    return say(voice, '{goal} is at **{progress} %**; its deadline, {due}, has passed.', vars);
  }
  return say(
    voice,
    toneWord(voice, {
      supportive: '{goal} is **{progress} %** of the way there, due {due} ({away}).',
      direct: '{goal}: **{progress} %**, due {due} ({away}).',
      analytical: '{goal} stands at **{progress} %** with the deadline {due}, {away}.',
      motivational: '{goal} is already at **{progress} %**, with {due} ({away}) to go for it!',
      mindful: '{goal} has come **{progress} %** of the way; its date is {due} ({away}).',
    }),
    vars,
  );
}

/** The next milestone of a goal: “Run 5 km” by Friday 13 March. */
export function milestoneLine(voice: Voice, facts: PersonFacts, goal: Goal): string | null {
  if (!goal.nextMilestone) return null;
  return say(voice, 'Next milestone: {milestone} by {due}.', {
    milestone: q(goal.nextMilestone.title),
    due: dayLabel(goal.nextMilestone.dueDate, facts.today),
  });
}

/** “A” (Tuesday 3 March). */
export function datedTask(
  facts: PersonFacts,
  task: { title: string; scheduledDate: string },
): string {
  return `${q(task.title)} (${dayLabel(task.scheduledDate, facts.today)})`;
}

/** A line from the coach's memory of the person, quoted. */
export function memoryLine(voice: Voice, memory: string): string {
  return say(
    voice,
    toneWord(voice, {
      supportive: "I'm keeping in mind what you told me: {memory}.",
      direct: 'Noted from before: {memory}.',
      analytical: 'From what you told me before: {memory}.',
      motivational: "I remember: {memory}. Let's use that!",
      mindful: 'I remember you said: {memory}.',
    }),
    { memory: q(memory.trim().replace(/[.!?]+$/, '')) },
  );
}

/** The person has no goal yet: said plainly, with a first sentence to write. */
export function noGoalLine(voice: Voice, facts: PersonFacts, example: string): string {
  const vars = { today: dayLabel(facts.today, facts.today), example: q(example) };
  return say(
    voice,
    toneWord(voice, {
      supportive:
        "You don't have a goal yet, so let's start there: on the Goals page, one sentence is enough, such as {example}.",
      direct: 'You have no goal yet. Create one on the Goals page, for example {example}.',
      analytical:
        'You have 0 goals, so there is nothing to measure yet. A first goal on the Goals page, such as {example}, gives us figures to work with.',
      motivational:
        "You don't have a goal yet, and that's where the fun starts! Write one on the Goals page, like {example}.",
      mindful:
        "You don't have a goal yet. When you're ready, write one sentence on the Goals page, such as {example}.",
    }),
    vars,
  );
}
