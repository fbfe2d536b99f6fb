import { addDays, daysBetween, isoWeekday } from '#contracts/local-date.ts';

/**
 * Words and dates as the offline conversation reads and writes them. Pure and dependency-free on
 * purpose: the preview and the check-ins call the engine synchronously, outside the lazily loaded
 * gateway, so nothing here may pull in the language tools the goal engine uses.
 */

/** Lower case, straight apostrophes and quotes, single spaces. */
export function normalize(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc`]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/\s+/g, ' ')
    .trim();
}

const STOPWORDS = new Set(
  (
    'a an the and or but of to in on at for by with from into my your our their his her its this ' +
    'that these those is are was were be been being am do does did have has had i me we you it ' +
    'them they he she as so if then than too very just more most less least can could should would ' +
    'will shall may might must not no yes up down out over about again once all any each some such ' +
    'own same only per every get got make made how what when where which who why week weeks day ' +
    'days time times minute minutes hour hours goal goals task tasks plan plans month months year'
  ).split(' '),
);

/** A word's stem, enough to match "running" with "run" and "books" with "book". */
export function stem(word: string): string {
  let w = word;
  if (w.length > 4 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) w = w.slice(0, -1);
  if (w.length > 5 && w.endsWith('ing')) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith('ed')) w = w.slice(0, -2);
  // "running" → "runn" → "run"
  if (w.length > 3 && w.at(-1) === w.at(-2) && !/[aeiouls]/.test(w.at(-1) ?? ''))
    w = w.slice(0, -1);
  return w;
}

/** The content words of a text (no stopwords, no numbers alone), stemmed. */
export function contentWords(text: string): string[] {
  return normalize(text)
    .split(/[^a-z0-9']+/)
    .map((word) => word.replace(/^'+|'+$/g, ''))
    .filter((word) => word.length > 2 && !STOPWORDS.has(word) && !/^\d+$/.test(word))
    .map(stem);
}

/** How many of `title`'s content words the message holds (0 when the title has none). */
export function overlap(messageWords: ReadonlySet<string>, title: string): number {
  let count = 0;
  for (const word of new Set(contentWords(title))) if (messageWords.has(word)) count += 1;
  return count;
}

/**
 * A person's text (a title, a memory) as it sits in a Markdown reply: the characters Markdown
 * would read as formatting are escaped, so a title never becomes a link, a list or HTML.
 */
export function md(text: string): string {
  return text.replace(/[\\`*_[\]<>~|#]/g, (character) => `\\${character}`);
}

/** A quoted title: “Run 5 km”. */
export function q(title: string): string {
  return `“${md(title)}”`;
}

/** At most `max` characters, cut at a word with an ellipsis. */
export function clip(text: string, max: number): string {
  const trimmed = text.trim();
  if (trimmed.length <= max) return trimmed;
  const cut = trimmed.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

export function weekdayName(date: string): string {
  return WEEKDAYS[isoWeekday(date) - 1] ?? '';
}

/** "12 March", with the year when it is not today's. */
export function dayMonth(date: string, today: string): string {
  const [year = '', month = '', day = ''] = date.split('-');
  const base = `${Number(day)} ${MONTHS[Number(month) - 1] ?? ''}`;
  return year === today.slice(0, 4) ? base : `${base} ${year}`;
}

/** "Thursday 12 March", whatever the distance from today. */
export function fullDay(date: string, today: string): string {
  return `${weekdayName(date)} ${dayMonth(date, today)}`;
}

/** "today", "tomorrow", "yesterday", or "Thursday 12 March". */
export function dayLabel(date: string, today: string): string {
  const days = daysBetween(today, date);
  if (days === 0) return 'today';
  if (days === 1) return 'tomorrow';
  if (days === -1) return 'yesterday';
  return fullDay(date, today);
}

/** "in 12 days", "tomorrow", "today", "3 days ago". */
export function daysAway(date: string, today: string): string {
  const days = daysBetween(today, date);
  if (days === 0) return 'today';
  if (days === 1) return 'tomorrow';
  if (days > 1) return `in ${days} days`;
  if (days === -1) return 'yesterday';
  return `${-days} days ago`;
}

/** "1 task", "3 tasks". */
export function count(n: number, singular: string, plural = `${singular}s`): string {
  return `${n} ${n === 1 ? singular : plural}`;
}

/** Hours as people write them: "1 h", "2.5 h", "45 min". */
export function hours(value: number): string {
  if (value < 1) return `${Math.round(value * 60)} min`;
  const rounded = Math.round(value * 10) / 10;
  return `${rounded} h`;
}

/** "A, B and C". */
export function listJoin(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1) ?? ''}`;
}

/** The next date (after today, within a week) that falls on `weekday` (1 = Monday). */
export function nextWeekday(today: string, weekday: number): string {
  const ahead = (weekday - isoWeekday(today) + 7) % 7 || 7;
  return addDays(today, ahead);
}

/** A deterministic small number from a text, to vary wording without randomness. */
export function pick<T>(options: readonly T[], seed: string): T {
  let hash = 0;
  for (let i = 0; i < seed.length; i += 1) hash = (hash * 31 + seed.charCodeAt(i)) >>> 0;
  const option = options[hash % options.length];
  if (option === undefined) throw new Error('pick from an empty list');
  return option;
}
