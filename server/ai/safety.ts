import { HEALTH_NOTE } from '#contracts/coaching.ts';
import type { CrisisCategory, CrisisResult, HelpResource } from '#contracts/coach.ts';

/**
 * The crisis response: when the guard (crisis-guard.ts) or a model's second opinion finds crisis
 * language, coaching stops and this is shown instead. It says plainly that the coach cannot help
 * with this, names help for the person's region (from their time zone: emergency number first
 * where life may be at risk, then the crisis or specialist line, then a worldwide fallback) and
 * offers to continue later. Nothing about the message itself is kept.
 */

export { detectCrisis, normalizeForGuard } from './crisis-guard.ts';

export type HelpRegion =
  'US' | 'Canada' | 'UK' | 'Ireland' | 'Australia' | 'New Zealand' | 'India' | 'Europe';

const US_ZONES =
  /^(?:US\/|America\/(?:New_York|Chicago|Denver|Los_Angeles|Phoenix|Anchorage|Juneau|Sitka|Nome|Yakutat|Metlakatla|Adak|Boise|Detroit|Menominee|Indiana\/|Kentucky\/|North_Dakota\/|Louisville|Indianapolis|Fort_Wayne|Puerto_Rico|Shiprock)|Pacific\/(?:Honolulu|Guam|Saipan|Pago_Pago)|Navajo$)/;
const CANADA_ZONES =
  /^(?:Canada\/|America\/(?:Toronto|Vancouver|Edmonton|Winnipeg|Halifax|St_Johns|Regina|Montreal|Moncton|Glace_Bay|Goose_Bay|Swift_Current|Whitehorse|Dawson|Dawson_Creek|Fort_Nelson|Creston|Inuvik|Iqaluit|Rankin_Inlet|Resolute|Cambridge_Bay|Yellowknife|Thunder_Bay|Nipigon|Rainy_River|Atikokan|Blanc-Sablon|Coral_Harbour|Pangnirtung|Toronto))/;

/** The region whose services a person can most likely reach, from their time zone. */
export function helpRegion(timeZone: string | undefined): HelpRegion | null {
  if (!timeZone) return null;
  if (US_ZONES.test(timeZone)) return 'US';
  if (CANADA_ZONES.test(timeZone)) return 'Canada';
  if (/^(?:Europe\/(?:London|Belfast|Guernsey|Jersey|Isle_of_Man)|GB|GB-Eire)$/.test(timeZone))
    return 'UK';
  if (/^(?:Europe\/Dublin|Eire)$/.test(timeZone)) return 'Ireland';
  if (/^Australia\//.test(timeZone)) return 'Australia';
  if (/^(?:Pacific\/(?:Auckland|Chatham)|NZ|NZ-CHAT)$/.test(timeZone)) return 'New Zealand';
  if (/^Asia\/(?:Kolkata|Calcutta)$/.test(timeZone)) return 'India';
  if (/^Europe\//.test(timeZone)) return 'Europe';
  return null;
}

const EMERGENCY_NUMBERS: Record<HelpRegion, string> = {
  US: '911',
  Canada: '911',
  UK: '999',
  Ireland: '112',
  Australia: '000',
  'New Zealand': '111',
  India: '112',
  Europe: '112',
};

function emergency(region: HelpRegion | null): HelpResource {
  if (!region) {
    return {
      name: 'Emergency services',
      contact:
        'Call your local emergency number: 911 (US, Canada), 999 (UK), 112 (EU, Ireland, India), 000 (Australia), 111 (New Zealand)',
      region: 'Worldwide',
    };
  }
  const number = EMERGENCY_NUMBERS[region];
  return {
    name: 'Emergency services',
    contact:
      region === 'UK'
        ? 'Call 999 (or 112)'
        : region === 'Ireland'
          ? 'Call 112 (or 999)'
          : `Call ${number}`,
    region,
  };
}

const FIND_A_HELPLINE: HelpResource = {
  name: 'Find A Helpline',
  contact: 'Free, confidential helplines by country and topic',
  url: 'https://findahelpline.com',
  region: 'Worldwide',
};

/** Crisis lines for suicidal thoughts, self-harm and overwhelming feelings, by region. */
const CRISIS_LINES: Partial<Record<HelpRegion, HelpResource>> = {
  US: {
    name: '988 Suicide & Crisis Lifeline',
    contact: 'Call or text 988',
    url: 'https://988lifeline.org',
    region: 'US',
  },
  Canada: {
    name: '9-8-8 Suicide Crisis Helpline',
    contact: 'Call or text 988',
    url: 'https://988.ca',
    region: 'Canada',
  },
  UK: {
    name: 'Samaritans',
    contact: 'Call 116 123 (free, 24/7)',
    url: 'https://www.samaritans.org',
    region: 'UK & Ireland',
  },
  Ireland: {
    name: 'Samaritans',
    contact: 'Call 116 123 (free, 24/7)',
    url: 'https://www.samaritans.org',
    region: 'UK & Ireland',
  },
  Australia: {
    name: 'Lifeline',
    contact: 'Call 13 11 14',
    url: 'https://www.lifeline.org.au',
    region: 'Australia',
  },
  'New Zealand': {
    name: 'Need to talk? 1737',
    contact: 'Call or text 1737',
    url: 'https://1737.org.nz',
    region: 'New Zealand',
  },
  India: {
    name: 'Tele-MANAS',
    contact: 'Call 14416',
    url: 'https://telemanas.mohfw.gov.in',
    region: 'India',
  },
};

/** When the region is unknown, the best-known lines, so someone can still find theirs. */
const CRISIS_FALLBACK: readonly HelpResource[] = [
  CRISIS_LINES.US as HelpResource,
  CRISIS_LINES.UK as HelpResource,
  CRISIS_LINES.Australia as HelpResource,
];

const ABUSE_LINES: Partial<Record<HelpRegion, readonly HelpResource[]>> = {
  US: [
    {
      name: 'National Domestic Violence Hotline',
      contact: 'Call 1-800-799-7233 or text START to 88788',
      url: 'https://www.thehotline.org',
      region: 'US',
    },
    {
      name: 'Childhelp National Child Abuse Hotline',
      contact: 'Call or text 1-800-422-4453',
      url: 'https://www.childhelphotline.org',
      region: 'US',
    },
  ],
  Canada: [
    {
      name: 'Kids Help Phone',
      contact: 'Call 1-800-668-6868 or text CONNECT to 686868',
      url: 'https://kidshelpphone.ca',
      region: 'Canada',
    },
  ],
  UK: [
    {
      name: 'National Domestic Abuse Helpline',
      contact: 'Call 0808 2000 247 (free, 24/7)',
      url: 'https://www.nationaldahelpline.org.uk',
      region: 'UK',
    },
    {
      name: 'NSPCC (worried about a child)',
      contact: 'Call 0808 800 5000',
      url: 'https://www.nspcc.org.uk',
      region: 'UK',
    },
  ],
  Ireland: [
    {
      name: "Women's Aid",
      contact: 'Call 1800 341 900 (free, 24/7)',
      url: 'https://www.womensaid.ie',
      region: 'Ireland',
    },
  ],
  Australia: [
    {
      name: '1800RESPECT',
      contact: 'Call 1800 737 732',
      url: 'https://www.1800respect.org.au',
      region: 'Australia',
    },
    {
      name: 'Kids Helpline',
      contact: 'Call 1800 55 1800',
      url: 'https://kidshelpline.com.au',
      region: 'Australia',
    },
  ],
  'New Zealand': [
    {
      name: "Women's Refuge",
      contact: 'Call 0800 733 843 (free, 24/7)',
      url: 'https://womensrefuge.org.nz',
      region: 'New Zealand',
    },
  ],
};

const EATING_LINES: Partial<Record<HelpRegion, HelpResource>> = {
  US: {
    name: 'ANAD Eating Disorders Helpline',
    contact: 'Call 1-888-375-7767',
    url: 'https://anad.org',
    region: 'US',
  },
  Canada: {
    name: 'NEDIC',
    contact: 'Call 1-866-633-4220',
    url: 'https://nedic.ca',
    region: 'Canada',
  },
  UK: {
    name: 'Beat',
    contact: 'Call 0808 801 0677',
    url: 'https://www.beateatingdisorders.org.uk',
    region: 'UK',
  },
  Ireland: {
    name: 'Bodywhys',
    contact: 'Call 01 210 7906',
    url: 'https://www.bodywhys.ie',
    region: 'Ireland',
  },
  Australia: {
    name: 'Butterfly Foundation',
    contact: 'Call 1800 33 4673',
    url: 'https://butterfly.org.au',
    region: 'Australia',
  },
};

const POISON_LINES: Partial<Record<HelpRegion, HelpResource>> = {
  US: {
    name: 'Poison Help',
    contact: 'Call 1-800-222-1222',
    url: 'https://www.poison.org',
    region: 'US',
  },
  UK: {
    name: 'NHS 111 (poisoning advice)',
    contact: 'Call 111',
    url: 'https://111.nhs.uk',
    region: 'UK',
  },
  Australia: { name: 'Poisons Information Centre', contact: 'Call 13 11 26', region: 'Australia' },
  'New Zealand': {
    name: 'National Poisons Centre',
    contact: 'Call 0800 764 766',
    region: 'New Zealand',
  },
};

function crisisLines(region: HelpRegion | null): HelpResource[] {
  const line = region ? CRISIS_LINES[region] : undefined;
  return line ? [line] : [...CRISIS_FALLBACK];
}

function defined<T>(value: T | undefined): value is T {
  return value !== undefined;
}

/** The help for a category, in the order it should be tried, for the region (or everyone). */
export function helpResources(category: CrisisCategory, region: HelpRegion | null): HelpResource[] {
  const sos = emergency(region);
  const lines = crisisLines(region);
  const local = <T>(table: Partial<Record<HelpRegion, T>>) => (region ? table[region] : undefined);
  switch (category) {
    case 'suicide':
    case 'self_harm':
      return [...lines, sos, FIND_A_HELPLINE];
    case 'eating':
      return [local(EATING_LINES), ...lines, FIND_A_HELPLINE, sos].filter(defined);
    case 'abuse':
      return [
        ...(local(ABUSE_LINES) ??
          (region
            ? []
            : [...(ABUSE_LINES.US ?? []).slice(0, 1), ...(ABUSE_LINES.UK ?? []).slice(0, 1)])),
        sos,
        FIND_A_HELPLINE,
      ];
    case 'medical_emergency':
      return [sos, local(POISON_LINES)].filter(defined);
    case 'harm_to_others':
      return [sos, ...lines, FIND_A_HELPLINE];
  }
}

const CANNOT_HELP = 'This coach can’t help with this.';
const LATER = 'Your goals will keep: you can come back and continue whenever you are ready.';

function message(category: CrisisCategory, region: HelpRegion | null): string {
  const call = region ? `call ${EMERGENCY_NUMBERS[region]}` : 'call your local emergency number';
  switch (category) {
    case 'suicide':
      return `Thank you for telling me. It sounds like you are going through something really painful, and you deserve support from a person right now. ${CANNOT_HELP} The people below can: they are free, confidential and there to listen. If you might act on these thoughts, ${call} now. ${LATER}`;
    case 'self_harm':
      return `Thank you for telling me. Hurting yourself is a sign of how much you are carrying, and you deserve support from a person who can help with it. ${CANNOT_HELP} The people below are free, confidential and there to listen. If you are badly hurt, ${call} now. ${LATER}`;
    case 'eating':
      return `What you describe can seriously harm your body, and it is not something to push through with a goal. ${CANNOT_HELP} These services understand eating difficulties and can help, free and confidentially. If you feel faint, confused or your heart is racing, ${call} now. ${LATER}`;
    case 'abuse':
      return `What you describe sounds frightening, and it is not your fault. ${CANNOT_HELP} These services can help you think through your options and stay safe, including when a child is at risk. If you or anyone is in immediate danger, ${call} now. ${LATER}`;
    case 'medical_emergency':
      return `This sounds like it could be a medical emergency. Please stop here and ${call} now, or get to the nearest emergency department. ${CANNOT_HELP} ${LATER}`;
    case 'harm_to_others':
      return `It sounds like you are having thoughts of hurting someone, and that you are carrying a lot. ${CANNOT_HELP} Please talk to someone now: the people below are free and confidential. If anyone is in immediate danger, ${call} now. ${LATER}`;
  }
}

/** The crisis response for a category, with help for the region of the time zone. */
export function crisisResult(category: CrisisCategory, timeZone?: string): CrisisResult {
  const region = helpRegion(timeZone);
  return {
    kind: 'crisis',
    category,
    message: message(category, region),
    resources: helpResources(category, region),
  };
}

/** Every health goal and plan carries this, whichever engine wrote it. */
// The words live in the coaching contract, so the domain page shows exactly what goals carry.
export { HEALTH_NOTE };

/** Adds the health note when the domain is health and the engine did not already include it. */
export function withHealthNote(notes: readonly string[], domain: string): string[] {
  if (domain !== 'health' || notes.includes(HEALTH_NOTE)) return [...notes];
  // The contracts allow ten notes; the health note is the one that must not be dropped.
  return [...notes.slice(0, 9), HEALTH_NOTE];
}
