import { addDays } from '#contracts/local-date.ts';
import type { CoachTone } from '#contracts/onboarding.ts';
import type { ReflectInput } from '#server/ai/conversation.ts';
import { focusGoal, lightestDay, nearestDeadline, topThreeCounts } from './facts.ts';
import { readMessage } from './intents.ts';
import { goalLine, streakLine, topThreeLine, weekLine } from './lines.ts';
import { count, dayLabel, fullDay, listJoin, q } from './text.ts';
import { aside, challengeLine, say, toneWord, voiceOf } from './voice.ts';

/**
 * The coach's answer to a daily or weekly reflection: it thanks the person in the coach's tone,
 * takes up the mood they gave, quotes what the day or week holds in their own figures (the top
 * three, tasks done or skipped, the streak, goal progress) and ends with one question to carry
 * forward. Markdown.
 */

const OPENERS: Record<CoachTone, string> = {
  supportive: 'Thank you for taking a moment to look back on your {period}.',
  direct: "Good: let's review your {period}.",
  analytical: "Let's put your {period} next to the figures.",
  motivational: 'Love that you took the time to reflect on your {period}!',
  mindful: 'Thank you for pausing to notice your {period}.',
};

function moodLine(tone: CoachTone, mood: number): string {
  const low: Record<CoachTone, string> = {
    supportive:
      'You rated it **{mood} of 5**; that sounds like a hard one, and it counts that you showed up to write this.',
    direct: 'You rated it **{mood} of 5**. A low score is information, not a verdict.',
    analytical: 'Mood **{mood} of 5**: below your middle; worth seeing what drove it.',
    motivational: 'You rated it **{mood} of 5**. Tough days are where resilience is built!',
    mindful: 'You rated it **{mood} of 5**. Let that be as it is, without judging it.',
  };
  const middle: Record<CoachTone, string> = {
    supportive: 'You rated it **{mood} of 5**: a steady, ordinary day has value too.',
    direct: 'You rated it **{mood} of 5**: middling. Fine.',
    analytical: 'Mood **{mood} of 5**: the middle of the scale.',
    motivational: 'You rated it **{mood} of 5**: solid ground to build on!',
    mindful: 'You rated it **{mood} of 5**: an even kind of day.',
  };
  const high: Record<CoachTone, string> = {
    supportive: 'You rated it **{mood} of 5**, and I am really glad to hear it.',
    direct: 'You rated it **{mood} of 5**. Good.',
    analytical: 'Mood **{mood} of 5**: above your middle; note what went right.',
    motivational: 'You rated it **{mood} of 5**! That energy is worth keeping!',
    mindful: 'You rated it **{mood} of 5**. Savour that for a moment.',
  };
  return (mood <= 2 ? low : mood === 3 ? middle : high)[tone];
}

const CLOSINGS: Record<'daily' | 'weekly', Record<CoachTone, string>> = {
  daily: {
    supportive: "What's one thing you'd like to carry into tomorrow?",
    direct: "What's the first task tomorrow?",
    analytical: 'What would you do differently tomorrow, given these numbers?',
    motivational: "What's tomorrow's first win going to be?",
    mindful: 'What would help you rest well tonight?',
  },
  weekly: {
    supportive: 'What would make next week feel a little lighter?',
    direct: "What's the one change for next week?",
    analytical: 'Which figure do you want to move next week?',
    motivational: 'What will next week be about?',
    mindful: 'What do you want to keep, and what can you let go of, next week?',
  },
};

export function reflectOffline(input: ReflectInput): string {
  const { coach, facts, period, text, mood } = input;
  const voice = voiceOf(coach, facts, `${text}|${facts.today}|${period}`);
  const periodWord = period === 'daily' ? 'day' : 'week';
  const read = readMessage(text, facts);
  const blocks: string[] = [];

  const head = [say(voice, OPENERS[voice.tone], { period: periodWord })];
  if (mood !== null) head.push(say(voice, moodLine(voice.tone, mood), { mood: String(mood) }));
  if (read.goal) {
    head.push(
      say(voice, 'You mentioned {goal}, now at **{progress} %**.', {
        goal: q(read.goal.title),
        progress: String(read.goal.progress),
      }),
    );
  } else if (read.task) {
    head.push(
      say(voice, 'You mentioned {task}, still open for {day}.', {
        task: q(read.task.title),
        day: dayLabel(read.task.date, facts.today),
      }),
    );
  }
  blocks.push(head.join(' '));

  const figures: string[] = [];
  if (period === 'daily') {
    const counts = topThreeCounts(facts);
    figures.push(
      topThreeLine(voice, facts) ??
        say(voice, 'Nothing was in your top three for {today}.', {
          today: fullDay(facts.today, facts.today),
        }),
    );
    const done = facts.topThree
      .filter((task) => task.status === 'done')
      .map((task) => q(task.title));
    const skipped = facts.topThree
      .filter((task) => task.status === 'skipped')
      .map((task) => q(task.title));
    if (done.length > 0) figures.push(say(voice, 'Done: {tasks}.', { tasks: listJoin(done) }));
    if (skipped.length > 0) {
      figures.push(say(voice, 'Skipped: {tasks}.', { tasks: listJoin(skipped) }));
    }
    if (counts.open > 0) {
      figures.push(say(voice, 'Still open: {n}.', { n: count(counts.open, 'task') }));
    }
    figures.push(streakLine(voice, facts));
    const goal = read.goal ?? focusGoal(facts);
    if (goal && goal !== read.goal) figures.push(goalLine(voice, facts, goal));
  } else {
    figures.push(weekLine(voice, facts), streakLine(voice, facts));
    const others = facts.goals.filter((goal) => goal !== read.goal).slice(0, 3);
    for (const goal of others) figures.push(goalLine(voice, facts, goal));
    if (facts.missed.length > 0) {
      figures.push(
        say(voice, '{n} from before today {are} still open.', {
          n: count(facts.missed.length, 'task'),
          are: facts.missed.length === 1 ? 'is' : 'are',
        }),
      );
    }
  }
  if (facts.goals.length === 0) {
    figures.push(
      say(
        voice,
        "You don't have a goal yet: a first one gives these reflections something to measure.",
      ),
    );
  }
  const limit = voice.length === 'short' ? 2 : voice.length === 'medium' ? 4 : 7;
  blocks.push(
    voice.length === 'short'
      ? figures.slice(0, limit).join(' ')
      : figures
          .slice(0, limit)
          .map((line) => `- ${line}`)
          .join('\n'),
  );

  if (voice.length !== 'short') {
    const ahead: string[] = [];
    if (period === 'daily') {
      const tomorrow = facts.upcoming.find(
        (task) => task.scheduledDate === addDays(facts.today, 1),
      );
      if (tomorrow) {
        ahead.push(say(voice, 'Tomorrow starts with {task}.', { task: q(tomorrow.title) }));
      }
    } else {
      const soon = nearestDeadline(facts);
      const light = lightestDay(facts);
      if (soon) {
        ahead.push(
          say(voice, 'Next up is {goal}, due {day}; your lightest day ahead is {light}.', {
            goal: q(soon.title),
            day: dayLabel(soon.deadline, facts.today),
            light: dayLabel(light.date, facts.today),
          }),
        );
      }
    }
    const push = challengeLine(voice, read.intent === 'celebrate' ? 'win' : 'hard');
    const joke = aside(voice, read.intent === 'celebrate' ? 'win' : 'status');
    const tail = [...ahead, push, joke].filter((line): line is string => line !== null);
    if (tail.length > 0) blocks.push(tail.join(' '));
  }
  blocks.push(toneWord(voice, CLOSINGS[period]));
  return blocks.join('\n\n');
}
