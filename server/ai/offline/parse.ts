import * as chrono from 'chrono-node';
import { DateTime } from 'luxon';
import { addDays, daysBetween } from '#contracts/local-date.ts';
import { formatLongDate, toDateTime, toIsoDate } from './dates.ts';

/**
 * Reads deadlines out of a goal written in plain English (its quantities: quantities.ts).
 * Deterministic: "today" and the time zone are inputs; nothing here reads a clock.
 */

export interface ParsedDeadline {
  /** The local calendar date the goal is due. */
  date: string;
  /** The words it came from, e.g. "by June". */
  phrase: string;
  /** How the words were read, for a note the user can check ("by June" → 30 June 2026). */
  reading: string;
  /** True when the date is before today. */
  passed: boolean;
  /**
   * The date of an occasion rather than a chosen deadline: a named day that is not introduced
   * by "by", "before" or "until" ("the review on 15 April", "booked for 28 May", "host
   * Thanksgiving"). Such a date stays put.
   */
  occasion: boolean;
  /** Only the month is known ("in June"), not the day. */
  monthOnly: boolean;
}

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
  hundred: 100,
  dozen: 12,
};

/**
 * Lower-cases, straightens quotes and turns number words into digits ("twelve books" → "12
 * books", "a dozen" → "12") so the patterns below only deal with digits.
 */
export function normalizeGoalText(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[‘’]/g, "'")
      .replace(/[“”]/g, '"')
      .replace(/[–—]/g, '-')
      // "push ups", "pushups" → "push-ups": one exercise, one word.
      .replace(/\b(push|pull|sit|chin|press)[ ]?ups\b/g, '$1-ups')
      // "ring me mam": the Irish and northern English "me" before family is "my".
      .replace(
        /\bme (mam|mammy|mum|dad|daddy|nan|nana|nanna|granny|grandad|brother|sister|kids|missus|fella|family)\b/g,
        'my $1',
      )
      .replace(/\ba couple of\b/g, '2')
      .replace(/\b(?:a|one) fortnight\b/g, '2 weeks')
      .replace(/\b(\d+(?:\.\d+)?) ?(million|thousand)\b/g, (_, n: string, unit: string) =>
        String(Math.round(Number(n) * (unit === 'million' ? 1e6 : 1e3))),
      )
      .replace(/\bfortnight\b/g, '2 weeks')
      .replace(/\ba (dozen|hundred)\b/g, (_, word: string) => String(NUMBER_WORDS[word]))
      .replace(
        /\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|dozen)\b/g,
        (word: string) => String(NUMBER_WORDS[word]),
      )
      .replace(/\s+/g, ' ')
      .trim()
  );
}

// ---------------------------------------------------------------------------------------------
// Deadlines

const SOUTHERN_ZONE =
  /^(Australia|Antarctica|Pacific\/(Auckland|Chatham|Fiji|Tongatapu|Apia|Noumea|Efate))|^America\/(Sao_Paulo|Argentina|Buenos_Aires|Santiago|Montevideo|Asuncion|La_Paz|Lima)|^Africa\/(Johannesburg|Maputo|Harare|Lusaka|Windhoek|Gaborone|Maseru|Mbabane|Blantyre)|^Indian\/(Mauritius|Reunion|Antananarivo)/;

/** Meteorological seasons: the first month of each, by hemisphere (the zone tells us which). */
function seasonStartMonth(season: string, timeZone: string): number {
  const north: Record<string, number> = { spring: 3, summer: 6, autumn: 9, fall: 9, winter: 12 };
  const month = north[season] ?? 6;
  return SOUTHERN_ZONE.test(timeZone) ? ((month + 5) % 12) + 1 : month;
}

/** The next occurrence (today or later) of month/day. */
function nextOccurrence(today: string, month: number, day: number): string {
  const base = toDateTime(today);
  let candidate = DateTime.utc(base.year, month, day);
  if (toIsoDate(candidate) < today) candidate = DateTime.utc(base.year + 1, month, day);
  return toIsoDate(candidate);
}

function endOfMonth(year: number, month: number): string {
  return toIsoDate(DateTime.utc(year, month, 1).endOf('month'));
}

interface DeadlineCandidate {
  date: string;
  phrase: string;
  reading: string;
  index: number;
  /** A named day (12 May, Thanksgiving) rather than a period's end (June, summer, this year). */
  exact?: boolean;
}

/** Easter Sunday of a year (the anonymous Gregorian computus). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return toIsoDate(DateTime.utc(year, month, day));
}

/** The n-th given weekday (1 = Monday … 7 = Sunday) of a month; n = -1 is the last one. */
function nthWeekday(year: number, month: number, weekday: number, n: number): string {
  if (n < 0) {
    const last = DateTime.utc(year, month, 1).endOf('month').startOf('day');
    return toIsoDate(last.minus({ days: (last.weekday - weekday + 7) % 7 }));
  }
  const first = DateTime.utc(year, month, 1);
  return toIsoDate(first.plus({ days: ((weekday - first.weekday + 7) % 7) + 7 * (n - 1) }));
}

const UK_ZONE = /^Europe\/(London|Belfast|Guernsey|Isle_of_Man|Jersey|Dublin)$/;

/** A movable holiday in a given year; Mother's Day follows the UK calendar in UK zones. */
function movableHoliday(name: string, year: number, timeZone: string): string {
  const easter = easterSunday(year);
  if (name === 'good friday') return addDays(easter, -2);
  if (name === 'easter monday') return addDays(easter, 1);
  // The Easter weekend runs to Easter Monday where that is a public holiday (not in the US).
  if (name.endsWith('weekend')) return /^America\//.test(timeZone) ? easter : addDays(easter, 1);
  if (name.startsWith('easter')) return easter;
  if (name === 'thanksgiving') {
    return /^America\/(Toronto|Vancouver|Edmonton|Winnipeg|Halifax|Regina|St_Johns)/.test(timeZone)
      ? nthWeekday(year, 10, 1, 2)
      : nthWeekday(year, 11, 4, 4);
  }
  if (name === 'mothering sunday') return addDays(easter, -21);
  if (name.startsWith('mother')) {
    return UK_ZONE.test(timeZone) ? addDays(easter, -21) : nthWeekday(year, 5, 7, 2);
  }
  return nthWeekday(year, 6, 7, 3); // Father's Day: third Sunday of June
}

/** The next date of a movable holiday (today or later), `skipYears` later for "next year". */
function nextMovableHoliday(
  name: string,
  today: string,
  timeZone: string,
  skipYears: number,
): string {
  const year = toDateTime(today).year;
  const thisYear = movableHoliday(name, year, timeZone);
  if (skipYears > 0) return movableHoliday(name, year + skipYears, timeZone);
  return thisYear >= today ? thisYear : movableHoliday(name, year + 1, timeZone);
}

function holidayLabel(name: string): string {
  return name
    .split(' ')
    .map((word) => capitalize(word))
    .join(' ')
    .replace('Mothers', "Mother's")
    .replace('Fathers', "Father's");
}

/**
 * The end of the tax year the person lives by, from their time zone: 5 April in the UK, 31 March
 * in India, 30 June in Australia and New Zealand (31 March there), else the calendar year.
 */
function fiscalYearEnd(today: string, timeZone: string, next: boolean): string {
  const [month, day] = UK_ZONE.test(timeZone)
    ? [4, 5]
    : /^Asia\/(Kolkata|Calcutta)$|^Pacific\/Auckland$/.test(timeZone)
      ? [3, 31]
      : /^Australia\//.test(timeZone)
        ? [6, 30]
        : [12, 31];
  const upcoming = nextOccurrence(today, month, day);
  return next ? `${Number(upcoming.slice(0, 4)) + 1}${upcoming.slice(4)}` : upcoming;
}

/**
 * Festivals set by a lunar or lunisolar calendar, from the published dates (the main day; some
 * vary by a day with the moon's sighting or the region).
 */
const LUNAR_HOLIDAYS: ReadonlyArray<[RegExp, string, readonly string[]]> = [
  [/\b(?:diwali|deepavali)\b/, 'Diwali', ['2025-10-20', '2026-11-08', '2027-10-29', '2028-10-17']],
  [/\bholi\b/, 'Holi', ['2025-03-14', '2026-03-04', '2027-03-22', '2028-03-11']],
  [
    /\b(?:eid al[- ]fitr|eid ul[- ]fitr|eid)\b(?! al[- ]adha| ul[- ]adha)/,
    'Eid al-Fitr',
    ['2025-03-30', '2026-03-20', '2027-03-10', '2028-02-27'],
  ],
  [
    /\beid (?:al|ul)[- ]adha\b/,
    'Eid al-Adha',
    ['2025-06-06', '2026-05-27', '2027-05-17', '2028-05-05'],
  ],
  [/\bramadan\b/, 'Ramadan', ['2025-03-01', '2026-02-18', '2027-02-08', '2028-01-28']],
  [
    /\b(?:chinese|lunar) new year\b/,
    'Lunar New Year',
    ['2025-01-29', '2026-02-17', '2027-02-06', '2028-01-26'],
  ],
  [
    /\b(?:hanukkah|chanukah)\b/,
    'Hanukkah',
    ['2025-12-15', '2026-12-05', '2027-12-25', '2028-12-13'],
  ],
  [/\brosh hashanah\b/, 'Rosh Hashanah', ['2025-09-23', '2026-09-12', '2027-10-02', '2028-09-21']],
  [/\bpassover\b/, 'Passover', ['2025-04-13', '2026-04-02', '2027-04-22', '2028-04-11']],
];

/** Independence Day where it is not the 4th of July, by the zone's country. */
const INDEPENDENCE_DAYS: Readonly<Record<string, string>> = {
  'Asia/Kolkata': '08-15',
  'Asia/Calcutta': '08-15',
  'Asia/Karachi': '08-14',
  'Asia/Jakarta': '08-17',
  'Asia/Manila': '06-12',
  'America/Mexico_City': '09-16',
  'America/Sao_Paulo': '09-07',
  'Africa/Lagos': '10-01',
  'Africa/Accra': '03-06',
};

/**
 * Labour Day by region: the first Monday of September in North America, the fourth Monday of
 * October in New Zealand, a Monday of March, May or October by Australian state, 1 May elsewhere.
 */
function labourDay(year: number, timeZone: string): [string, string] {
  if (/^(?:America|Canada|US)\//.test(timeZone)) return [nthWeekday(year, 9, 1, 1), 'Labor Day'];
  const [month, n] =
    timeZone === 'Pacific/Auckland'
      ? [10, 4]
      : /^Australia\/(?:Perth)$/.test(timeZone)
        ? [3, 1]
        : /^Australia\/(?:Melbourne|Hobart)$/.test(timeZone)
          ? [3, 2]
          : /^Australia\/(?:Brisbane|Darwin)$/.test(timeZone)
            ? [5, 1]
            : /^Australia\//.test(timeZone)
              ? [10, 1]
              : [0, 0];
  if (month === 0) return [`${year}-05-01`, 'Labour Day'];
  return [nthWeekday(year, month, 1, n), 'Labour Day'];
}

/** Public holidays on a fixed day or a fixed weekday of a month, by region where they differ. */
function weekdayHoliday(name: string, year: number, timeZone: string): [string, string] | null {
  if (/^(?:early )?may bank holiday|^may day bank holiday/.test(name))
    return [nthWeekday(year, 5, 1, 1), 'the early May bank holiday'];
  if (/^(?:spring|late may|whitsun) bank holiday/.test(name))
    return [nthWeekday(year, 5, 1, -1), 'the spring bank holiday'];
  if (/^(?:august|summer) bank holiday/.test(name)) {
    return /^Europe\/Dublin$/.test(timeZone)
      ? [nthWeekday(year, 8, 1, 1), 'the August bank holiday']
      : [nthWeekday(year, 8, 1, -1), 'the August bank holiday'];
  }
  if (/^(?:labou?r day)/.test(name)) return labourDay(year, timeZone);
  if (/^memorial day/.test(name)) return [nthWeekday(year, 5, 1, -1), 'Memorial Day'];
  if (/^(?:mlk|martin luther king)/.test(name))
    return [nthWeekday(year, 1, 1, 3), 'Martin Luther King Day'];
  if (/^presidents'? day/.test(name)) return [nthWeekday(year, 2, 1, 3), "Presidents' Day"];
  if (/^(?:the )?independence day/.test(name)) {
    const day = INDEPENDENCE_DAYS[timeZone];
    if (day) return [`${year}-${day}`, 'Independence Day'];
  }
  if (/^(?:the )?(?:4th of july|fourth of july|independence day)/.test(name))
    return [`${year}-07-04`, 'Independence Day'];
  if (/^juneteenth/.test(name)) return [`${year}-06-19`, 'Juneteenth'];
  if (/^canada day/.test(name)) return [`${year}-07-01`, 'Canada Day'];
  if (/^australia day/.test(name)) return [`${year}-01-26`, 'Australia Day'];
  if (/^anzac day/.test(name)) return [`${year}-04-25`, 'Anzac Day'];
  if (/^boxing day/.test(name)) return [`${year}-12-26`, 'Boxing Day'];
  if (/^new year'?s eve/.test(name)) return [`${year}-12-31`, "New Year's Eve"];
  if (/^new year'?s day/.test(name)) return [`${year}-01-01`, "New Year's Day"];
  if (/^(?:st\.? patrick'?s|paddy'?s) day/.test(name)) return [`${year}-03-17`, "St Patrick's Day"];
  if (/^(?:bonfire night|guy fawkes)/.test(name)) return [`${year}-11-05`, 'Bonfire Night'];
  if (/^(?:remembrance|veterans'?) day/.test(name))
    return [`${year}-11-11`, name.startsWith('v') ? 'Veterans Day' : 'Remembrance Day'];
  if (/^black friday/.test(name))
    return [addDays(movableHoliday('thanksgiving', year, 'America/New_York'), 1), 'Black Friday'];
  return null;
}

const WEEKDAY_HOLIDAY =
  /\b((?:early |late |spring |august |summer |whitsun )?may bank holiday|may day bank holiday|(?:spring|late may|whitsun|august|summer) bank holiday|labou?r day|memorial day|mlk day|martin luther king(?: jr\.?)? day|presidents'? day|4th of july|fourth of july|independence day|juneteenth|canada day|australia day|anzac day|boxing day|new year'?s (?:eve|day)|(?:st\.? patrick'?s|paddy'?s) day|bonfire night|guy fawkes night|remembrance day|veterans'? day|black friday)\b/;

/** Named holidays chrono does not know: bank holidays, national days, lunar festivals. */
function namedHoliday(text: string, today: string, timeZone: string): DeadlineCandidate | null {
  const year = toDateTime(today).year;
  const fixed = WEEKDAY_HOLIDAY.exec(text);
  if (fixed) {
    const name = fixed[1] ?? '';
    const next = /\bnext year\b/.test(text.slice(fixed.index, fixed.index + name.length + 12));
    let found = weekdayHoliday(name, year + (next ? 1 : 0), timeZone);
    // A holiday just gone ("by Australia Day" on 10 March) is a deadline missed, as a date is.
    if (found && found[0] < today && (next || daysBetween(found[0], today) > RECENTLY_PASSED_DAYS))
      found = weekdayHoliday(name, year + 1, timeZone);
    if (found) {
      return {
        date: found[0],
        phrase: name,
        reading: `${found[1]} (${formatLongDate(found[0])})`,
        index: fixed.index,
        exact: true,
      };
    }
  }
  for (const [pattern, label, dates] of LUNAR_HOLIDAYS) {
    const match = pattern.exec(text);
    if (!match) continue;
    const date = dates.find((d) => d >= today);
    if (!date) continue;
    return {
      date,
      phrase: match[0],
      reading: `${label} (${formatLongDate(date)})`,
      index: match.index,
      exact: true,
    };
  }
  return null;
}

/** Phrases chrono does not know: year ends, bare years, quarters, seasons, holidays. */
function customDeadline(text: string, today: string, timeZone: string): DeadlineCandidate | null {
  const year = toDateTime(today).year;

  const yearEnd =
    /\b(?:by |before |until |at )?(?:the )?(?:end|rest) of (?:(this|next|the) )?year\b|\bby (?:the )?year[- ]end\b|(?<!\b(?:january|february|march|april|may|june|july|august|september|october|november|december|easter|sunday|monday|friday|thanksgiving|day|\d{1,2}(?:st|nd|rd|th)?) (?:of )?)\b(this|next) year\b|\bby new year'?s?(?: eve| day)?\b/.exec(
      text,
    );
  // "Host Thanksgiving this year": the holiday is the date, "this year" only says which one.
  const holiday = yearEnd?.[2] ? holidayDeadline(text, today, timeZone) : null;
  if (holiday) return holiday;
  if (yearEnd) {
    const which = yearEnd[1] ?? yearEnd[2] ?? 'this';
    const target = which === 'next' ? year + 1 : year;
    return {
      date: `${target}-12-31`,
      phrase: yearEnd[0],
      reading: `the end of ${target}`,
      index: yearEnd.index,
    };
  }

  const bareYear =
    /\b(by|before|in|during|by the end of|before the end of|end of) (20\d\d)\b(?![-/.]\d)/.exec(
      text,
    );
  if (bareYear) {
    const preposition = bareYear[1] ?? 'by';
    const target = Number(bareYear[2]);
    // "by 2027" means before 2027 starts; "in 2027" and "end of 2027" mean during 2027.
    const wholeYear =
      preposition === 'in' || preposition === 'during' || preposition.includes('end');
    const dueYear = wholeYear ? target : target - 1;
    return {
      date: `${dueYear}-12-31`,
      phrase: bareYear[0],
      reading: wholeYear ? `the end of ${target}` : `before ${target} begins`,
      index: bareYear.index,
    };
  }

  const quarter = /\b(?:by |before |in |end of |by the end of )?q([1-4])(?: (20\d\d))?\b/.exec(
    text,
  );
  if (quarter) {
    const q = Number(quarter[1]);
    let dueYear = quarter[2] ? Number(quarter[2]) : year;
    let date = endOfMonth(dueYear, q * 3);
    if (!quarter[2] && date < today) {
      dueYear += 1;
      date = endOfMonth(dueYear, q * 3);
    }
    return {
      date,
      phrase: quarter[0],
      reading: `the end of Q${q} ${dueYear}`,
      index: quarter.index,
    };
  }

  const fiscal =
    /\b(?:(?:by |before |until )?(?:the )?end of (?:the )?|by (?:the )?)?(this |next )?(?:tax|financial|fiscal) year(?: end)?\b/.exec(
      text,
    );
  if (fiscal) {
    const date = fiscalYearEnd(today, timeZone, fiscal[1]?.trim() === 'next');
    return {
      date,
      phrase: fiscal[0].replace(/^(?:by |before |until )/, ''),
      reading: `the end of the tax year (${formatLongDate(date)})`,
      index: fiscal.index,
    };
  }

  const calendarQuarter =
    /\b(?:by |before |until |in )?(?:the )?(?:end of |rest of )?(?:the |this |next )?quarter\b/.exec(
      text,
    );
  if (calendarQuarter) {
    const base = toDateTime(today).plus(
      /next quarter/.test(calendarQuarter[0]) ? { months: 3 } : {},
    );
    const date = toIsoDate(base.endOf('quarter'));
    return {
      date,
      phrase: calendarQuarter[0].replace(/^(?:by |before |until |in )/, ''),
      reading: `the end of the quarter (${formatLongDate(date)})`,
      index: calendarQuarter.index,
    };
  }

  // "this weekend", "over the weekend": through its Sunday ("by the weekend" is its Saturday).
  const weekend = /\b(this|next|over the|at the) weekend\b/.exec(text);
  if (weekend) {
    const base = toDateTime(today).plus(weekend[1] === 'next' ? { weeks: 1 } : {});
    const date = toIsoDate(base.endOf('week'));
    return {
      date,
      phrase: weekend[0],
      reading: `the end of ${weekend[1] === 'next' ? 'next' : 'this'} weekend (${formatLongDate(date)})`,
      index: weekend.index,
    };
  }

  // "by end of Feb": a month's last day, this year's unless it is long gone.
  const monthEnd = new RegExp(
    String.raw`\b(?:by |before |until )?(?:the )?(?:end|rest) of (${MONTH_ABBREVIATIONS})[a-z]*\b(?:,? (20\d\d))?`,
  ).exec(text);
  if (monthEnd) {
    const month = MONTH_ABBREVIATIONS.split('|').indexOf(monthEnd[1] ?? '') + 1;
    const base = toDateTime(today);
    let dueYear = monthEnd[2] ? Number(monthEnd[2]) : base.year;
    if (!monthEnd[2] && daysBetween(endOfMonth(dueYear, month), today) > RECENTLY_PASSED_DAYS)
      dueYear += 1;
    const date = endOfMonth(dueYear, month);
    return {
      date,
      phrase: monthEnd[0].replace(/^(?:by |before |until )/, ''),
      reading: `the end of ${capitalize(MONTHS[month - 1] ?? '')} (${formatLongDate(date)})`,
      index: monthEnd.index,
    };
  }

  // "by May": chrono leaves the month out when it could be the verb.
  const monthAlone = /\b(?:by|before|until|till|in|end of|by the end of) (may)\b(?! \d)/.exec(text);
  if (monthAlone) {
    const month = 5;
    const base = toDateTime(today);
    const dueYear = base.month > month ? base.year + 1 : base.year;
    const date = endOfMonth(dueYear, month);
    return {
      date,
      phrase: monthAlone[0].replace(/^(?:by the end of|end of|by|before|until|till|in) /, ''),
      reading: `the end of May (${formatLongDate(date)})`,
      index: monthAlone.index + monthAlone[0].length - 3,
    };
  }

  const calendarUnit =
    /\b(?:by |before |until |in |within |for )?(?:the )?((?:end|rest) of )?(this|next|the) (month|week)\b/.exec(
      text,
    );
  if (calendarUnit && (calendarUnit[2] !== 'the' || calendarUnit[1])) {
    const next = calendarUnit[2] === 'next';
    const unit = calendarUnit[3] === 'week' ? 'week' : 'month';
    const base = toDateTime(today).plus(next ? { [`${unit}s`]: 1 } : {});
    // A week ends on Sunday (ISO weeks); a month on its last day: never its first.
    const date = toIsoDate(base.endOf(unit === 'week' ? 'week' : 'month'));
    return {
      date,
      phrase: calendarUnit[0].replace(/^(?:by |before |until |in |within |for )?(?:the )?/, ''),
      reading: `the end of ${next ? 'next' : 'this'} ${unit} (${formatLongDate(date)})`,
      index: calendarUnit.index,
    };
  }

  const season =
    /\b(?:(by|before|in|for|this|next|by the end of|end of|the end of|by next|by this) )?(?:the )?(spring|summer|autumn|fall|winter)\b(?!\s+(?:party|parties|holidays?|bank|camp|school|job|house|festival|wedding|break|course|concert|event|sale|clothes|dress|term|semester|olympics|league|season))/.exec(
      text,
    );
  if (season) {
    const modifier = season[1] ?? '';
    const name = season[2] ?? 'summer';
    const startMonth = seasonStartMonth(name, timeZone);
    const nextStart = nextOccurrence(today, startMonth, 1);
    const seasonEnd = (first: string) =>
      toIsoDate(toDateTime(first).plus({ months: 3 }).minus({ days: 1 }));
    const currentStart = toIsoDate(toDateTime(nextStart).minus({ years: 1 }));
    // Inside the season already: "by summer" means by the end of this one, not next year's.
    const inSeason = nextStart !== today && today <= seasonEnd(currentStart);
    let date: string;
    let reading: string;
    if (inSeason && !modifier.includes('next')) {
      date = seasonEnd(currentStart);
      reading = `the end of this ${name} (${formatLongDate(date)})`;
    } else if (modifier.includes('end') || ['in', 'this', 'during', 'for'].includes(modifier)) {
      date = seasonEnd(nextStart);
      reading = `the end of ${name} (${formatLongDate(date)})`;
    } else if (modifier === 'before') {
      date = addDays(nextStart, -1);
      reading = `the day before ${name} starts (${formatLongDate(date)})`;
    } else {
      date = nextStart;
      reading = `the start of ${name} (${formatLongDate(date)})`;
    }
    return { date, phrase: season[0].trim(), reading, index: season.index };
  }

  return holidayDeadline(text, today, timeZone);
}

/** Holidays: movable feasts, fixed days, bank holidays and lunar festivals. */
function holidayDeadline(text: string, today: string, timeZone: string): DeadlineCandidate | null {
  const movable =
    /\b(easter(?: sunday| monday| (?:long )?weekend)?|good friday|thanksgiving|mother'?s day|mothering sunday|father'?s day)(?: (this|next) year)?\b/.exec(
      text,
    );
  if (movable) {
    const name = movable[1] ?? 'easter';
    const date = nextMovableHoliday(name, today, timeZone, movable[2] === 'next' ? 1 : 0);
    return {
      date,
      phrase: movable[0],
      reading: `${holidayLabel(name)} (${formatLongDate(date)})`,
      index: movable.index,
      exact: true,
    };
  }

  const holiday = /\b(christmas(?: day| eve)?|xmas|halloween|valentine'?s(?: day)?)\b/.exec(text);
  if (holiday) {
    const name = holiday[1] ?? '';
    const [month, day, label] = name.startsWith('halloween')
      ? [10, 31, 'Halloween']
      : name.startsWith('valentine')
        ? [2, 14, "Valentine's Day"]
        : name === 'christmas eve'
          ? [12, 24, 'Christmas Eve']
          : [12, 25, 'Christmas'];
    // "I promised Gran I'd visit by Valentine's Day and I didn't": a holiday in a promise told as
    // not kept is the one just gone, a deadline missed.
    const year = toDateTime(today).year;
    const thisYear = toIsoDate(DateTime.utc(year, month, day));
    const lastTime = thisYear < today ? thisYear : toIsoDate(DateTime.utc(year - 1, month, day));
    const date = PROMISE_NOT_KEPT.test(sentenceAround(text, holiday.index))
      ? lastTime
      : nextOccurrence(today, month, day);
    return {
      date,
      phrase: name,
      reading: `${label} (${formatLongDate(date)})`,
      index: holiday.index,
      exact: true,
    };
  }
  return namedHoliday(text, today, timeZone);
}

const MONTH_ABBREVIATIONS = 'jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec';

/** A date without a year this many days behind today is a deadline just missed. */
const RECENTLY_PASSED_DAYS = 62;

export const TIME_DURATION = /\b\d+(?:\.\d+)?\s*(?:min(?:ute)?s?|hours?|hrs?|h)\b/;
const FREQUENCY_WORDS =
  /\b(?:every(?: other| second| third| few| couple of)?|each|per|times|a|once|twice|alternate)\s*$/;

/** A clause telling what happened, whose date is history ("broke it in Jan", "qualified last September"). */
const PAST_EVENT =
  /\b(?:broke|had|was|were|did|came|started|went|got|finished|qualified|graduated|moved|left|joined|used to|happened|injured|hurt)\b/;

/**
 * A goal told as a promise not kept ("I was supposed to launch it on 31 January", "I promised
 * Gran I'd go by Valentine's Day and I didn't"): its date is the deadline missed.
 */
const PROMISE_NOT_KEPT =
  /\b(?:was|were) (?:supposed|meant|going) to\b|\b(?:was|were) gonna\b|(?<!(?:always|'ve|have|had) )\bwanted to\b|\b(?:promised|told (?:myself|\w+) (?:i'd|i would|we'd))\b.*\b(?:didn'?t|did not|never did|haven'?t|have not)\b/;

/** The sentence of the text around a position. */
function sentenceAround(text: string, at: number): string {
  const start = Math.max(...['.', '!', '?'].map((mark) => text.lastIndexOf(mark, at))) + 1;
  const ends = ['.', '!', '?'].map((mark) => text.indexOf(mark, at)).filter((i) => i >= 0);
  return text.slice(start, ends.length > 0 ? Math.min(...ends) : text.length);
}

/** A clause that says what the person wants, whatever its tense ("I was hoping to…"). */
const WISH_WORDS = /\b(?:want|wanna|need|hop(?:e|ing)|plan|goal|aim|like to|going to|will)\b/;

const WEEKDAY_WORD = String.raw`(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*`;

/**
 * A weekday that names something weekly rather than a day to finish by: a range of days
 * ("alcohol-free Monday to Thursday", "Mon-Fri") or a weekday before a noun without by/on
 * ("Sunday lunch", "my son's Saturday football matches").
 */
function weeklyOccasion(result: chrono.ParsedResult, before: string, text: string): boolean {
  const after = text.slice(result.index + result.text.length);
  if (result.end) return true;
  if (new RegExp(String.raw`^\s*(?:-|to|through|thru|till|until)\s*${WEEKDAY_WORD}`).test(after))
    return true;
  if (new RegExp(String.raw`\b${WEEKDAY_WORD}\s*(?:-|to|through|thru)\s*$`).test(before))
    return true;
  if (
    /^\s*(?:lunch|dinner|brunch|breakfast|roast|service|mass|league|club|school|shift)\b/.test(
      after,
    )
  )
    return true;
  return (
    !/\b(?:by|before|on|until|till|this|next|coming|from|after)\s*$/.test(before) &&
    /^\s+(?!(?:and|or|but|at|to|so|if|then|for|with|i|we|the|a|an|my|our|this|next|morning|afternoon|evening|night|week|weekend|latest|please)\b)[a-z]{3,}/.test(
      after,
    )
  );
}

function chronoDeadline(text: string, today: string): DeadlineCandidate | null {
  const base = toDateTime(today);
  // Noon UTC with a zero offset keeps chrono's components equal to the user's calendar day,
  // whatever zone this machine runs in.
  const reference = {
    instant: new Date(Date.UTC(base.year, base.month - 1, base.day, 12)),
    timezone: 0,
  };
  for (const result of chrono.parse(text, reference, { forwardDate: true })) {
    const start = result.start;
    const before = text.slice(0, result.index);
    if (TIME_DURATION.test(result.text)) continue; // "2 hours a week" is effort, not a date
    if (/\b(?:hour|minute|second)s?\b/.test(result.text)) continue; // "in under an hour"
    if (/^(?:a|per|each|every)\s/.test(result.text)) continue; // "3 times a week"
    // "3 days a week" is a frequency; "in a month" is a date.
    if (
      /\b(?:a|per|each|every) (?:week|month|day)$/.test(result.text) &&
      !/^(?:in|within|over|after)\b/.test(result.text)
    ) {
      continue;
    }
    if (FREQUENCY_WORDS.test(before)) continue; // "every Monday"
    // "now the baby's here", "last week", "two years ago": the present or the past, not a deadline.
    if (/^(?:(?:right )?now|last\b|yesterday)/.test(result.text) || /\bago$/.test(result.text))
      continue;
    // "Sunday lunch", "Saturday league": a weekday naming a regular occasion, not a date.
    if (
      start.isCertain('weekday') &&
      !start.isCertain('day') &&
      weeklyOccasion(result, before, text)
    )
      continue;
    // "18 weeks pregnant", "we haven't spoken in 3 years": a length of time, not a deadline.
    if (/^\d+(?:\.\d+)? (?:days?|weeks?|months?|years?)$/.test(result.text)) continue;
    if (/\b(?:haven't|hasn't|have not|has not|didn't|did not|not)\s+(?:\w+\s+){0,2}$/.test(before))
      continue;
    const dated = ['day', 'month', 'year', 'weekday'].some((c) =>
      start.isCertain(c as 'day' | 'month' | 'year' | 'weekday'),
    );
    if (!dated) continue; // a clock time on its own ("by 6pm")
    let y = start.get('year');
    const m = start.get('month');
    const d = start.get('day');
    if (y === null || m === null || d === null) continue;
    let date = toIsoDate(DateTime.utc(y, m, d));
    let reading = formatLongDate(date);
    const monthOnly =
      start.isCertain('month') && !start.isCertain('day') && !start.isCertain('weekday');
    const relative = /^(?:in|within|for|next|over|after)\b/.test(result.text);
    // chrono reads a date without a year forward (on 10 March, "by 1 March" is next year's); a
    // goal means this year's when that is this month ("for the rest of March") or just passed
    // ("by the end of February": a deadline missed, not one eleven months away).
    const thisYear = toDateTime(today).year;
    if (!start.isCertain('year') && y > thisYear && !relative && !/\bnext\s+$/.test(before)) {
      const sameMonth = monthOnly && m === toDateTime(today).month;
      const earlier = toIsoDate(DateTime.utc(thisYear, m, monthOnly ? 1 : d));
      const earlierEnd = monthOnly ? endOfMonth(thisYear, m) : earlier;
      if (sameMonth || daysBetween(earlierEnd, today) <= RECENTLY_PASSED_DAYS) {
        y = thisYear;
        date = toIsoDate(DateTime.utc(y, m, d));
        reading = formatLongDate(date);
      }
    }
    if (monthOnly && !relative && MONTHS.some((name) => result.text.includes(name.slice(0, 3)))) {
      if (/\bmid-?\s*$/.test(before)) {
        date = toIsoDate(DateTime.utc(y, m, 15));
        reading = `mid-${MONTHS[m - 1]} (${formatLongDate(date)})`;
      } else if (/\b(?:start of|beginning of|early)\s*$/.test(before)) {
        date = toIsoDate(DateTime.utc(y, m, 1));
        reading = formatLongDate(date);
      } else {
        // "by June", "in June": through the end of that month.
        date = endOfMonth(y, m);
        reading = `the end of ${capitalize(MONTHS[m - 1] ?? '')} (${formatLongDate(date)})`;
      }
    }
    // "(broke it in Jan)", "had two stents put in last autumn": a past date in a clause telling
    // what happened is history, not a deadline missed.
    const clause = before.split(/[.;!?()]|\s[-–—]\s|,/).at(-1) ?? '';
    // "Had a knee replacement in December": a month with no year in such a clause is the last
    // one of that name, even when this year's is still to come.
    // "I've had a DSLR gathering dust for 2 years", "been stuck in the same role for 5 years":
    // a length of time in the perfect tense is how long something has been so, not a deadline.
    if (
      /^for\b/.test(result.text) &&
      /\b(?:i've|ive|i have|we've|we have|it's been|has been|have been|had been|been)\b/.test(
        clause,
      )
    )
      continue;
    const history = date < today || (!start.isCertain('year') && !start.isCertain('day'));
    if (
      history &&
      PAST_EVENT.test(clause) &&
      !WISH_WORDS.test(clause) &&
      !PROMISE_NOT_KEPT.test(clause) &&
      !/\b(?:by|before|until|till|in time for)\s*$/.test(clause)
    )
      continue;
    return {
      date,
      phrase: result.text,
      reading,
      index: result.index,
      exact: start.isCertain('day') && !relative,
    };
  }
  return null;
}

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

const MONTH_NAMES = MONTHS.join('|');

/**
 * When the goal starts is not when it is due: "starting tomorrow", "from Monday", "beginning next
 * week" are blanked out before the deadline is looked for.
 */
const START_PHRASE = new RegExp(
  String.raw`\bin (?:1|a|a single) (?:day|go|sitting|session)\b|\b(?:starting|beginning|commencing|from|as of|start(?:ing)?\s+[a-z]+ing(?:\s+again)?|starts?)\s+(?:on\s+|in\s+)?(?:(?:this|next)\s+)?(?:tomorrow|today|tonight|now|(?:mon|tues|wednes|thurs|fri|satur|sun)day|week|month|(?:the\s+)?\d{1,2}(?:st|nd|rd|th)?(?:\s+of)?\s+(?:${MONTH_NAMES})|(?:${MONTH_NAMES})(?:\s+\d{1,2}(?:st|nd|rd|th)?)?)\b`,
  'g',
);

/** "his exams start on 7 May", "term starts in September": an event's start, not the goal's. */
const SOMETHING_ELSE_STARTS =
  /\b(?:exams?|tests?|school|term|semester|course|class(?:es)?|season|race|trip|holidays?|it|they|he|she|job|lessons?|camp|tour)\s$/;

function withoutStartPhrases(text: string): string {
  return text.replace(START_PHRASE, (phrase: string, offset: number) =>
    !phrase.startsWith('in ') &&
    SOMETHING_ELSE_STARTS.test(text.slice(Math.max(0, offset - 12), offset))
      ? phrase
      : ' '.repeat(phrase.length),
  );
}

/** "June next year" → "june 2027", so the month keeps its own end date in the right year. */
const MONTH_THIS_OR_NEXT_YEAR = new RegExp(
  String.raw`\b((?:${MONTH_NAMES})(?:\s+\d{1,2}(?:st|nd|rd|th)?)?|\d{1,2}(?:st|nd|rd|th)?(?:\s+of)?\s+(?:${MONTH_NAMES}))\s+(?:of\s+)?(this|next)\s+year\b`,
  'g',
);

function withExplicitYears(text: string, today: string): string {
  const year = toDateTime(today).year;
  return text.replace(
    MONTH_THIS_OR_NEXT_YEAR,
    (_, date: string, which: string) => `${date} ${which === 'next' ? year + 1 : year}`,
  );
}

/**
 * Finds the goal's deadline. "before <date>" means the day before ("before my wedding on 12 May
 * 2027" → 11 May 2027); a month alone means its last day.
 */
export function parseDeadline(
  rawText: string,
  today: string,
  timeZone: string,
): ParsedDeadline | null {
  const text = withExplicitYears(withoutStartPhrases(normalizeGoalText(rawText)), today)
    // "lost 12kg so far this year": how far the person has come, not a deadline.
    .replace(/\bso far (?:this|in the) (?:year|month|week)\b/g, 'so far')
    // "due 24 April, 12,000 words": a number's thousands are not a year after a date.
    .replace(/\b(\d{1,3}),(\d{3})\b/g, '$1$2')
    // "the year 11 mock papers", "my year 2 exams": a school or university year, no date.
    .replace(/\byear (\d{1,2})\b(?!\s*(?:months?|weeks?|days?|years?)\b)/g, 'form $1')
    .replace(
      /\b((?:in|within) (?:\d+|a|an|one|two|three|four|six) (?:days?|weeks?|months?|years?)) (before|after)\b/g,
      '$1,$2',
    )
    // "in the next month", "for the next 2 weeks": a length of time from today, not next month.
    .replace(
      /\b(?:in|within|over|for|during) the (?:next|coming) (?:(\d+) )?(day|week|month|year)s?\b/g,
      (_, count: string | undefined, unit: string) =>
        `within ${count ?? 1} ${unit}${count && count !== '1' ? 's' : ''}`,
    )
    // "every night for the next 30 days": the time of day is the habit's, kept apart from the
    // length so that chrono does not read them as one time ("night within 30 days").
    .replace(
      /\b((?:every|each) (?:morning|night|evening|afternoon|day|weekday)) (?=(?:in|within|for|over)\b)/g,
      '$1; ',
    );
  const found = deadlineAfterHistory(text, today, timeZone);
  if (!found) return null;
  const { candidate, lead } = found;
  let { date, reading } = candidate;
  const phraseSaysBefore = /^before\b/.test(candidate.phrase);
  // "before 12 May", "before Christmas": the day before. "Before my wedding on 12 May" is due on
  // the event's own date (the goal is for the event), and "never run before but … in 4 months"
  // is no date at all.
  const saysBefore = /\bbefore\s+(?:the\s+)?$/.test(lead);
  if (!phraseSaysBefore && saysBefore && !/\bby\b[^,.;]*$/.test(lead)) {
    date = addDays(date, -1);
    reading = `the day before ${formatLongDate(addDays(date, 1))}`;
  }
  // "before the end of term on 27 March": the day named is the end of a period the goal is
  // done by, not an occasion.
  const preposition =
    /\b(by|before|until|till|within|in|over|during)\s+(?:the\s+)?$/.test(lead) ||
    /\b(?:by|before|until|till)\s+(?:the\s+)?end of (?:the\s+|this\s+|my\s+|our\s+)?(?:[a-z]+\s+)?(?:term|semester|school year|academic year|quarter|season|month|year|sprint|project|contract|placement|course)\b(?:\s*,)?\s*(?:(?:on|which is|is)\s+)?$/.test(
      lead,
    ) ||
    /\b(?:by|before|until|till|when)\s+(?:the\s+)?(?:term|semester|school|uni|we|(?:the|my|our) (?:contract|lease|visa|placement))\s+(?:ends|end|finishes|finish|breaks up|break up|runs out|expires)\s+(?:on\s+)?$/.test(
      lead,
    );
  return {
    date,
    phrase: displayPhrase(rawText, text, candidate),
    reading,
    passed: date < today,
    occasion: candidate.exact === true && !preposition,
    monthOnly: /^the end of [A-Z][a-z]+ \(/.test(candidate.reading),
  };
}

/**
 * The first date that is a deadline: "after my knee surgery in January", "since March" tell when
 * something happened, so the search goes on past them ("Back at work after chemo (all clear in
 * January!!) … full-time hours again by September").
 */
function deadlineAfterHistory(
  text: string,
  today: string,
  timeZone: string,
): { candidate: DeadlineCandidate; lead: string } | null {
  let searched = text;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const candidate = customDeadline(searched, today, timeZone) ?? chronoDeadline(searched, today);
    if (!candidate) return null;
    const lead = searched.slice(Math.max(0, candidate.index - 40), candidate.index);
    const history =
      (candidate.date < today || /\bsince\s+(?:the\s+)?$/.test(lead)) &&
      !/^(?:by|before|until)\b/.test(searched.slice(candidate.index)) &&
      /\b(?:after|since|following|from)\b(?:(?!\b(?:by|before|until)\b)[^,.;])*$/.test(lead);
    if (!history) return { candidate, lead };
    // The date's words are blanked (same length, so positions hold) and the rest searched.
    const end = searched.indexOf(' ', candidate.index + 1);
    const to = Math.max(end < 0 ? searched.length : end, candidate.index + candidate.phrase.length);
    searched = `${searched.slice(0, candidate.index)}${' '.repeat(to - candidate.index)}${searched.slice(to)}`;
  }
  return null;
}

/** The deadline words as the user wrote them, with the preposition ("by June", not "june"). */
function displayPhrase(rawText: string, text: string, candidate: DeadlineCandidate): string {
  const preposition = /\b(by|before|until|till|in|on|within|for)\s$/.exec(
    text.slice(0, candidate.index),
  )?.[1];
  const words =
    preposition && !candidate.phrase.startsWith(preposition)
      ? `${preposition} ${candidate.phrase}`
      : candidate.phrase;
  // "june 2027" was "June next year" in the user's words.
  const spoken =
    /\b20\d\d$/.test(words) && !rawText.includes(words.slice(-4))
      ? words.replace(/\s*20\d\d$/, ' next year')
      : words;
  const at = rawText.toLowerCase().indexOf(spoken);
  return at === -1 ? spoken : rawText.slice(at, at + spoken.length);
}

/** The user's own reason, when the sentence gives one ("…because I want to keep up with my kids"). */
export function extractWhy(rawText: string): string | null {
  const text = rawText.replace(/\s+/g, ' ').trim();
  const match =
    /\b(?:because|since|so that|so i can|so i'll|so i will|so i'm|in order to|as i want to|as i'd like to)\b\s*(.+)$/i.exec(
      text,
    ) ??
    /\b(for my (?:health|family|kids|children|wife|husband|partner|wedding|future|career|sanity|mental health|self-esteem)\b.*)$/i.exec(
      text,
    );
  const reason = match?.[1]?.replace(/[.!\s]+$/, '').trim();
  if (!reason || reason.length < 4) return null;
  return reason.charAt(0).toUpperCase() + reason.slice(1);
}
