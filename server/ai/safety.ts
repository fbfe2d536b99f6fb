import type { CrisisResult, HelpResource } from '#contracts/coach.ts';

/**
 * The crisis-language guard. It runs before any engine: when someone writes about harming
 * themselves, being abused or a medical emergency, coaching stops and help is shown instead.
 *
 * The phrase lists are deliberately first-person and concrete. Everyday hyperbole ("killing it at
 * work", "this deadline is killing me", "dying to try", "dead tired") must not trigger it, or the
 * guard would be noise that people learn to ignore. The tests hold both lists.
 */

type CrisisCategory = CrisisResult['category'];

const SELF_HARM: readonly RegExp[] = [
  /\b(kill|killing|hurt|hurting|harm|harming|cut|cutting) (myself|my self)\b/,
  /\bself[- ]?harm(ing)?\b/,
  /\bsuicid(e|al)\b(?! (squats?|runs?|sprints?|drills?|prevention|awareness))/,
  /\b(end|ending|take|taking) my (own )?life\b/,
  /\b(want|wanted|wanting|going|plan|planning) to die\b/,
  /\b(wish|wished) (i was|i were|to be) dead\b/,
  /\bbetter off (dead|without me)\b/,
  /\b(don'?t|do not|no longer) want to (live|be alive|be here|wake up)\b/,
  /\bno (reason|point) (to|in) (live|living|going on)\b/,
  /\bend it all\b/,
  /\boverdose\b(?! (prevention|awareness))/,
];

const ABUSE: readonly RegExp[] = [
  /\b(he|she|they|my (partner|husband|wife|boyfriend|girlfriend|dad|father|mom|mum|mother|parent|boss|ex)) (hits|hit|beats|beat|chokes|choked|kicks|kicked|slaps|slapped|punches|punched|hurts|hurt|rapes|raped) me\b/,
  /\b(being|been|was|am|i'm) (abused|beaten|raped|sexually assaulted|assaulted)\b/,
  /\b(domestic (violence|abuse)|abusive (relationship|partner|husband|wife|boyfriend|girlfriend|home))\b/,
  /\b(afraid|scared|terrified) (of|for) my (life|safety)\b/,
  /\b(afraid|scared|terrified) of my (partner|husband|wife|boyfriend|girlfriend|dad|father|mom|mum|mother|parents)\b/,
  /\bthreaten(s|ed)? to (kill|hurt) me\b/,
];

const MEDICAL_EMERGENCY: readonly RegExp[] = [
  /\b(having|have|had) (a )?(heart attack|stroke|seizure|anaphylactic|allergic reaction)\b/,
  /\b(chest pain|crushing chest|pain in my chest)\b/,
  /\b(can'?t|cannot|can not|struggling to|trouble) breath(e|ing)\b/,
  /\b(coughing|vomiting|throwing up) blood\b/,
  /\b(severe|heavy|won'?t stop) bleeding\b|\bbleeding (heavily|badly|won'?t stop)\b/,
  /\b(passed out|passing out|fainted|fainting|unconscious)\b/,
  /\b(took|swallowed|taken) too many (pills|tablets)\b/,
  /\bface (is )?(drooping|numb)\b/,
];

const CATEGORY_RULES: ReadonlyArray<readonly [CrisisCategory, readonly RegExp[]]> = [
  // Self-harm first: if a message mentions both, the most urgent help comes first.
  ['self_harm', SELF_HARM],
  ['medical_emergency', MEDICAL_EMERGENCY],
  ['abuse', ABUSE],
];

function normalize(text: string): string {
  return text.toLowerCase().replace(/[‘’]/g, "'").replace(/\s+/g, ' ');
}

/** The crisis category the text falls into, or null for ordinary coaching text. */
export function detectCrisis(texts: ReadonlyArray<string | undefined>): CrisisCategory | null {
  const text = normalize(texts.filter((t): t is string => typeof t === 'string').join(' \n '));
  for (const [category, patterns] of CATEGORY_RULES) {
    if (patterns.some((pattern) => pattern.test(text))) return category;
  }
  return null;
}

const EMERGENCY: HelpResource = {
  name: 'Emergency services',
  contact:
    'Call your local emergency number: 911 (US, Canada), 999 (UK), 112 (EU), 000 (Australia)',
  region: 'Worldwide',
};

const FIND_A_HELPLINE: HelpResource = {
  name: 'Find A Helpline',
  contact: 'Free, confidential helplines by country and topic',
  url: 'https://findahelpline.com',
  region: 'Worldwide',
};

const RESOURCES: Record<CrisisCategory, readonly HelpResource[]> = {
  self_harm: [
    {
      name: '988 Suicide & Crisis Lifeline',
      contact: 'Call or text 988',
      url: 'https://988lifeline.org',
      region: 'US',
    },
    {
      name: 'Samaritans',
      contact: 'Call 116 123 (free, 24/7)',
      url: 'https://www.samaritans.org',
      region: 'UK & Ireland',
    },
    {
      name: 'Lifeline',
      contact: 'Call 13 11 14',
      url: 'https://www.lifeline.org.au',
      region: 'Australia',
    },
    FIND_A_HELPLINE,
    EMERGENCY,
  ],
  abuse: [
    {
      name: 'National Domestic Violence Hotline',
      contact: 'Call 1-800-799-7233 or text START to 88788',
      url: 'https://www.thehotline.org',
      region: 'US',
    },
    {
      name: 'National Domestic Abuse Helpline',
      contact: 'Call 0808 2000 247 (free, 24/7)',
      url: 'https://www.nationaldahelpline.org.uk',
      region: 'UK',
    },
    {
      name: '1800RESPECT',
      contact: 'Call 1800 737 732',
      url: 'https://www.1800respect.org.au',
      region: 'Australia',
    },
    FIND_A_HELPLINE,
    EMERGENCY,
  ],
  medical_emergency: [EMERGENCY],
};

const MESSAGES: Record<CrisisCategory, string> = {
  self_harm:
    'It sounds like you are going through something really painful. You deserve support right now from a person, not a goal plan. Please reach out to one of these services; they are free, confidential and there to listen. If you are in immediate danger, call your local emergency number.',
  abuse:
    'What you describe sounds frightening, and it is not your fault. Coaching can wait. These services can help you think through your options and stay safe. If you are in immediate danger, call your local emergency number.',
  medical_emergency:
    'This sounds like it could be a medical emergency. Please stop here and call your local emergency number or get to the nearest emergency department now.',
};

/** Regional services the user is most likely to reach come first (the zone is a good hint). */
function regionOrder(timeZone: string | undefined): string[] {
  if (!timeZone) return [];
  if (/^America\/|^US\//.test(timeZone)) return ['US'];
  if (/^Europe\/(London|Dublin|Belfast)/.test(timeZone)) return ['UK & Ireland', 'UK'];
  if (/^Australia\//.test(timeZone)) return ['Australia'];
  return [];
}

export function crisisResult(category: CrisisCategory, timeZone?: string): CrisisResult {
  const preferred = regionOrder(timeZone);
  const rank = (resource: HelpResource) => {
    const index = preferred.indexOf(resource.region);
    return index === -1 ? preferred.length : index;
  };
  const resources = [...RESOURCES[category]]
    .map((resource, order) => ({ resource, order }))
    .sort((a, b) => rank(a.resource) - rank(b.resource) || a.order - b.order)
    .map(({ resource }) => resource);
  return { kind: 'crisis', category, message: MESSAGES[category], resources };
}

/** Every health goal and plan carries this, whichever engine wrote it. */
export const HEALTH_NOTE =
  'This is coaching, not medical advice. Check with a doctor before big changes to diet, exercise or medication, especially if you have a health condition, are pregnant or take regular medicine.';

/** Adds the health note when the domain is health and the engine did not already include it. */
export function withHealthNote(notes: readonly string[], domain: string): string[] {
  if (domain !== 'health' || notes.includes(HEALTH_NOTE)) return [...notes];
  // The contracts allow ten notes; the health note is the one that must not be dropped.
  return [...notes.slice(0, 9), HEALTH_NOTE];
}
