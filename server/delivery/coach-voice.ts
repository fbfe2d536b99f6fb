import type { CoachTone } from '#contracts/onboarding.ts';

/**
 * The coach's line at the top of a delivery, in the tone the person chose in onboarding
 * (supportive, direct, analytical, motivational, mindful). Pure: it speaks only of what the message carries
 * (how many tasks, their minutes, the first one, a goal's progress), so a tone shapes the
 * wording, never the facts. No tone chosen yet: a plain line.
 */

interface VoiceTask {
  title: string;
  goalTitle: string | null;
  estimatedMinutes?: number | null | undefined;
  goalProgress?: number | null | undefined;
}

function count(tasks: readonly VoiceTask[]): string {
  return (
    ['nothing', 'one task', 'two tasks', 'three tasks'][tasks.length] ?? `${tasks.length} tasks`
  );
}

/** The minutes of the tasks that have an estimate; null when none has one. */
function totalMinutes(tasks: readonly VoiceTask[]): number | null {
  let total = 0;
  let known = false;
  for (const task of tasks) {
    if (task.estimatedMinutes != null) {
      total += task.estimatedMinutes;
      known = true;
    }
  }
  return known ? total : null;
}

/** The goal furthest along among the tasks' goals, for the analytical voice. */
function leadingGoal(tasks: readonly VoiceTask[]): { title: string; progress: number } | null {
  let best: { title: string; progress: number } | null = null;
  for (const task of tasks) {
    if (task.goalTitle === null || task.goalProgress == null) continue;
    if (!best || task.goalProgress > best.progress) {
      best = { title: task.goalTitle, progress: task.goalProgress };
    }
  }
  return best;
}

/** One sentence for the top of an email. */
export function coachLine(tone: CoachTone | null, tasks: readonly VoiceTask[]): string {
  const [first] = tasks;
  if (!first) return 'Nothing is planned for today yet. Open Trellis to choose what matters.';
  const minutes = totalMinutes(tasks);
  const about = minutes === null ? '' : `, about ${minutes} minutes`;
  const what = `${count(tasks)}${about}`;
  switch (tone) {
    case 'supportive':
      return `You’ve got this: ${what}, and each one moves you forward. Start with “${first.title}”.`;
    case 'direct':
      return `${capitalise(what)}. Start with “${first.title}” and finish it.`;
    case 'analytical': {
      const goal = leadingGoal(tasks);
      const progress = goal ? ` “${goal.title}” stands at ${goal.progress} %.` : '';
      return `Today: ${what}, ranked by deadline, milestone and wait.${progress}`;
    }
    case 'motivational':
      return `Let’s go: ${what}. Win the first one, “${first.title}”, and the rest follow!`;
    case 'mindful':
      return `One thing at a time today: ${what}. Begin gently with “${first.title}”.`;
    case null:
      return `The tasks that matter most today, and why: ${what}.`;
  }
}

/** A few words for an SMS's first line or a push title (no task titles: they follow). */
export function coachShout(tone: CoachTone | null, tasks: readonly VoiceTask[]): string {
  const minutes = totalMinutes(tasks);
  switch (tone) {
    case 'supportive':
      return "You've got this!";
    case 'direct':
      return 'Start with #1.';
    case 'analytical':
      return minutes === null ? `${capitalise(count(tasks))} today.` : `${minutes} min planned.`;
    case 'motivational':
      return "Let's go!";
    case 'mindful':
      return 'One step at a time.';
    case null:
      return minutes === null ? '' : `About ${minutes} min.`;
  }
}

function capitalise(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}
