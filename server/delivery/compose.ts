import { DateTime } from 'luxon';
import { escapeHtml } from '#server/lib/html.ts';
import type { DeliveryPayload } from '#server/modules/deliveries/deliveries.service.ts';
import type { EmailContent, PushContent } from '#server/modules/channels/channel-sender.ts';
import type { CoachTone } from '#contracts/onboarding.ts';
import { coachLine, coachShout } from './coach-voice.ts';

/**
 * The message of one delivery, per channel (pure): today's top three, each with its goal, its
 * estimated minutes, the one-line reason it was picked and its goal's progress; a line from the
 * coach in the tone the person chose (coach-voice.ts); and a signed one-tap "done" link each.
 * Payloads queued before minutes, progress and tone were carried simply leave them out.
 *
 * - Email: an HTML part (lang, one h1, a list, inline styles, the house colours of the auth emails)
 *   and a plain-text part with the same content and URLs; one-click unsubscribe headers (RFC 8058:
 *   List-Unsubscribe holds exactly one HTTPS URI, the POST endpoint, and List-Unsubscribe-Post
 *   asks for the one-click POST). The visible footer links to the unsubscribe page.
 * - SMS: at most 3 segments. A short coach line, the numbered titles with minutes, reason and goal
 *   (with its progress), and one link to the app; the unsubscribe link only when everything fits
 *   untruncated (the provider handles STOP replies anyway). When it would not fit, the reasons go
 *   first, then the goals, then the minutes; then titles are cut, all to the same length; typographic
 *   quotes become plain ones so the text stays GSM-7 where it can. The cut is marked "..." while the
 *   message is otherwise GSM-7 (a "…" would make it UCS-2 and cost more than half of the room),
 *   "…" when it is UCS-2 already.
 * - Push: the coach's few words in the title; the numbered titles with minutes and reason, and a
 *   line with the goals' progress, in the body; "done" and "open" actions.
 */

export interface ComposeInput {
  deliveryId: string;
  localDate: string;
  timeZone: string;
  /** The tone the person chose for their coach; null when they have not chosen one. */
  coachTone: CoachTone | null;
  /** 1–3 tasks, in order. */
  tasks: DeliveryPayload['tasks'];
  links: {
    completeUrl(taskId: string): string;
    appUrl: string;
    scheduleUrl: string;
    unsubscribeUrl: string;
    unsubscribePostUrl: string;
  };
}

export const MAX_SMS_SEGMENTS = 3;
const PUSH_TITLE_LENGTH = 60;
const PUSH_REASON_LENGTH = 48;
const PUSH_GOAL_LENGTH = 32;

function calendarDate(localDate: string): DateTime<true> {
  const date = DateTime.fromISO(localDate, { zone: 'utc', locale: 'en' });
  if (!date.isValid) throw new RangeError(`Not a calendar date: ${localDate}`);
  return date;
}

/** "Monday, 23 November". */
export function longDate(localDate: string): string {
  return calendarDate(localDate).toFormat('cccc, d LLLL');
}

/** "Mon 23 Nov". */
export function shortDate(localDate: string): string {
  return calendarDate(localDate).toFormat('ccc d LLL');
}

/** One line: no line breaks or runs of spaces from a title typed elsewhere. */
function oneLine(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

function splitGraphemes(value: string): string[] {
  return Array.from(graphemes.segment(value), (part) => part.segment);
}

/** At most `max` user-perceived characters, `marker` added when something was cut. */
function truncate(value: string, max: number, marker: string): string {
  const parts = splitGraphemes(value);
  if (parts.length <= max) return value;
  return `${parts.slice(0, Math.max(0, max)).join('').trimEnd()}${marker}`;
}

// --- Email --------------------------------------------------------------------------------------

/** A thin bar for a goal's progress: plain blocks with widths, which every mail client draws. */
function progressBar(progress: number | null | undefined): string {
  if (progress == null) return '';
  const width = Math.min(100, Math.max(0, Math.round(progress)));
  return `<div style="margin:6px 0 0;max-width:240px;height:6px;background:#e7e5e4;border-radius:3px"><div style="width:${width}%;height:6px;background:#0f766e;border-radius:3px"></div></div>
`;
}

export function composeEmail(input: ComposeInput): EmailContent {
  const { links } = input;
  const date = longDate(input.localDate);
  const subject = `Your top three for ${date}`;
  const tasks = input.tasks.map((task) => ({
    ...task,
    title: oneLine(task.title),
    goalTitle: task.goalTitle === null ? null : oneLine(task.goalTitle),
    completeUrl: links.completeUrl(task.taskId),
  }));
  type Task = (typeof tasks)[number];
  const minutesOf = (task: Task) =>
    task.estimatedMinutes == null ? null : `${task.estimatedMinutes} min`;
  const goalOf = (task: Task) =>
    task.goalTitle === null
      ? null
      : task.goalProgress == null
        ? `Goal: ${task.goalTitle}`
        : `Goal: ${task.goalTitle} (${task.goalProgress} % done)`;
  const details = (task: Task) =>
    [goalOf(task), minutesOf(task)].filter((part) => part !== null).join(' · ');
  const intro = coachLine(input.coachTone, tasks);

  const text = [
    subject,
    '',
    intro,
    '',
    ...tasks.flatMap((task, index) => [
      `${index + 1}. ${task.title}`,
      `   Why: ${task.reason}`,
      ...(details(task) ? [`   ${details(task)}`] : []),
      `   Mark done: ${task.completeUrl}`,
      '',
    ]),
    `Open Trellis: ${links.appUrl}`,
    '',
    '-- ',
    'You get this email at the times you chose in Trellis.',
    `Change delivery times: ${links.scheduleUrl}`,
    `Unsubscribe: ${links.unsubscribeUrl}`,
  ].join('\n');

  const e = escapeHtml;
  const preview = tasks.map((task, index) => `${index + 1}. ${task.title}`).join(' · ');
  const items = tasks
    .map(
      (task) => `<li style="margin:0 0 20px;padding-left:4px">
<p style="margin:0;font-size:17px;font-weight:600">${e(task.title)}</p>
<p style="margin:4px 0 0;color:#44403c">${e(task.reason)}</p>
${
  details(task)
    ? `<p style="margin:4px 0 0;font-size:14px;color:#57534e">${e(details(task))}</p>
`
    : ''
}${progressBar(task.goalProgress)}<p style="margin:8px 0 0"><a href="${e(task.completeUrl)}" aria-label="${e(`Mark done: ${task.title}`)}" style="color:#0f766e;font-weight:600">Mark done</a></p>
</li>`,
    )
    .join('\n');
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${e(subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f5f5f4;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#1c1917;line-height:1.5">
<div style="display:none;max-height:0;overflow:hidden">${e(preview)}</div>
<main style="max-width:560px;margin:0 auto;padding:32px 24px;background:#ffffff">
<p style="margin:0 0 16px;font-weight:700;color:#0f766e">Trellis</p>
<h1 style="font-size:22px;margin:0 0 8px">${e(subject)}</h1>
<p style="margin:0 0 24px;color:#44403c">${e(intro)}</p>
${tasks.length > 0 ? `<ol style="margin:0 0 24px;padding:0 0 0 24px">\n${items}\n</ol>\n` : ''}<p style="margin:24px 0"><a href="${e(links.appUrl)}" style="background:#0f766e;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600;display:inline-block">Open Trellis</a></p>
<footer style="margin-top:32px;padding-top:16px;border-top:1px solid #d6d3d1;font-size:14px;color:#57534e">
<p style="margin:0 0 8px">You get this email at the times you chose in Trellis.</p>
<p style="margin:0"><a href="${e(links.scheduleUrl)}" style="color:#0f766e">Change delivery times</a> · <a href="${e(links.unsubscribeUrl)}" style="color:#0f766e">Unsubscribe</a></p>
</footer>
</main>
</body>
</html>`;

  return {
    subject,
    html,
    text,
    headers: {
      'List-Unsubscribe': `<${links.unsubscribePostUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

// --- SMS ----------------------------------------------------------------------------------------

const GSM_BASIC = new Set(
  Array.from(
    '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
  ),
);
/** Characters of the GSM-7 extension table: an escape and the character, two septets. */
const GSM_EXTENSION = new Set(Array.from('^{}\\[~]|€\f'));

const GSM_SINGLE = 160;
const GSM_PART = 153;
const UCS2_SINGLE = 70;
const UCS2_PART = 67;

function isGsm7(text: string): boolean {
  for (const char of text) if (!GSM_BASIC.has(char) && !GSM_EXTENSION.has(char)) return false;
  return true;
}

/** Parts needed for characters of these sizes: a character is never split across two parts. */
function parts(sizes: number[], single: number, part: number): number {
  const total = sizes.reduce((sum, size) => sum + size, 0);
  if (total <= single) return 1;
  let count = 1;
  let used = 0;
  for (const size of sizes) {
    if (used + size > part) {
      count += 1;
      used = 0;
    }
    used += size;
  }
  return count;
}

/**
 * How the text goes out: GSM-7 when every character is in the GSM 03.38 alphabet (extension
 * characters take two septets), UCS-2 otherwise; then the number of SMS parts (160/153 septets,
 * 70/67 UTF-16 units per part; an escape pair or a surrogate pair stays in one part).
 */
export function smsSegments(text: string): { encoding: 'GSM-7' | 'UCS-2'; segments: number } {
  const chars = Array.from(text);
  if (isGsm7(text)) {
    const sizes = chars.map((char) => (GSM_EXTENSION.has(char) ? 2 : 1));
    return { encoding: 'GSM-7', segments: parts(sizes, GSM_SINGLE, GSM_PART) };
  }
  const sizes = chars.map((char) => char.length);
  return { encoding: 'UCS-2', segments: parts(sizes, UCS2_SINGLE, UCS2_PART) };
}

const fitsSms = (text: string) => smsSegments(text).segments <= MAX_SMS_SEGMENTS;

/** Typographic quotes, dashes and ellipses as their GSM-7 look-alikes (one UCS-2 character
 * would halve the room of every part). */
function plain(value: string): string {
  return value
    .replace(/[“”„«»]/g, '"')
    .replace(/[‘’‚]/g, "'")
    .replace(/[–—]/g, '-')
    .replace(/…/g, '...');
}

/** How much an SMS line says of a task, from everything down to the title alone. */
type SmsDetail = 3 | 2 | 1 | 0;

export function composeSms(input: ComposeInput): string {
  const { links } = input;
  const shout = coachShout(input.coachTone, input.tasks);
  const header =
    input.tasks.length > 0
      ? shout
        ? `Your top three for ${shortDate(input.localDate)}. ${shout}`
        : `Your top three for ${shortDate(input.localDate)}:`
      : `Nothing planned yet for ${shortDate(input.localDate)}.`;
  const tasks = input.tasks.map((task) => ({
    title: plain(oneLine(task.title)),
    minutes: task.estimatedMinutes == null ? '' : `, ${task.estimatedMinutes} min`,
    reason: `. ${plain(oneLine(task.reason))}`,
    goal:
      task.goalTitle === null
        ? ''
        : `. Goal: ${plain(oneLine(task.goalTitle))}${task.goalProgress == null ? '' : ` (${task.goalProgress}%)`}`,
  }));
  const titles = tasks.map((task) => task.title);
  const open = `Open Trellis: ${links.appUrl}`;
  const line = (index: number, title: string, detail: SmsDetail) => {
    const task = tasks[index];
    if (!task) return `${index + 1}. ${title}`;
    return `${index + 1}. ${title}${detail >= 1 ? task.minutes : ''}${detail >= 3 ? task.reason : ''}${detail >= 2 ? task.goal : ''}`;
  };
  const build = (list: string[], stop: boolean, detail: SmsDetail = 0) =>
    [
      header,
      ...list.map((title, index) => line(index, title, detail)),
      open,
      ...(stop ? [`Stop these texts: ${links.unsubscribeUrl}`] : []),
    ].join('\n');

  const full = build(titles, true, 3);
  if (fitsSms(full)) return full;
  for (const detail of [3, 2, 1, 0] as const) {
    const shorter = build(titles, false, detail);
    if (fitsSms(shorter)) return shorter;
  }
  const untruncated = build(titles, false);

  // Cut every title to the longest common length that fits.
  const marker = isGsm7(untruncated) ? '...' : '…';
  const cut = (max: number) =>
    build(
      titles.map((title) => truncate(title, max, marker)),
      false,
    );
  let low = 0;
  let high = Math.max(...titles.map((title) => splitGraphemes(title).length));
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (fitsSms(cut(middle))) low = middle;
    else high = middle - 1;
  }
  const best = cut(low);
  if (fitsSms(best)) return best;

  // Only an absurdly long app URL gets here: keep what fits.
  const kept: string[] = [];
  for (const part of splitGraphemes(best)) {
    if (!fitsSms([...kept, part, marker].join(''))) break;
    kept.push(part);
  }
  return `${kept.join('')}${marker}`;
}

// --- Push ---------------------------------------------------------------------------------------

export function composePush(input: ComposeInput): PushContent {
  const [first] = input.tasks;
  const shout = coachShout(input.coachTone, input.tasks);
  const goals = new Map<string, number>();
  for (const task of input.tasks) {
    if (task.goalTitle !== null && task.goalProgress != null) {
      goals.set(truncate(oneLine(task.goalTitle), PUSH_GOAL_LENGTH, '…'), task.goalProgress);
    }
  }
  const progress = [...goals].map(([title, value]) => `${title} ${value} %`).join(' · ');
  return {
    title: shout ? `Today's top three: ${shout}` : "Today's top three",
    body:
      input.tasks.length > 0
        ? [
            ...input.tasks.map((task, index) =>
              [
                `${index + 1}. ${truncate(oneLine(task.title), PUSH_TITLE_LENGTH, '…')}`,
                ...(task.estimatedMinutes == null ? [] : [`${task.estimatedMinutes} min`]),
                truncate(oneLine(task.reason), PUSH_REASON_LENGTH, '…'),
              ].join(' · '),
            ),
            ...(progress ? [progress] : []),
          ].join('\n')
        : 'Nothing planned yet. Open Trellis to choose what matters.',
    actions: [
      { action: 'done', title: 'Done' },
      { action: 'open', title: 'Open' },
    ],
    data: {
      url: input.links.appUrl,
      completeUrl: first ? input.links.completeUrl(first.taskId) : null,
      deliveryId: input.deliveryId,
    },
    tag: `top-three-${input.localDate}`,
  };
}
