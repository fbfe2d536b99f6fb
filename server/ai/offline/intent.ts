import nlp from 'compromise';

/**
 * What the person asked for, in their own words: the goal's main action (verb phrase) and the
 * words a SMART version must keep. Read with compromise's part-of-speech tagger rather than more
 * patterns, so an activity no template knows ("restore my grandfather's motorbike") keeps its verb
 * and object. Used by the offline coach to choose a template that fits, and by the plan rules to
 * reject a model's SMART goal that swapped the activity for another.
 */

export interface GoalIntent {
  /** The main action as the person wrote it, without preamble, deadline or reason. */
  phrase: string;
  /** Its verb, infinitive and lower case ("build"), or null when there is none. */
  verb: string | null;
  /** Head words of what the action is about ("treehouse"); the verb when there is no object. */
  keywords: string[];
}

/** Verbs that lead to the real action ("want to", "learn how to", "be able to"). */
const LEAD_VERBS =
  /^(want|wants|would|like|love|need|hope|plan|planning|try|trying|going|aim|am|is|are|be|able|start|begin|learn|decide|wish|intend|commit|manage|continue|keep|finally|really|also|will|can|should|must|have|has)$/;

/** Objects that say little on their own: the verb and what follows carry the meaning. */
const EMPTY_OBJECTS =
  /^(money|time|weight|shape|it|something|things?|more|less|lot|lots|bit|habit|goal|way|better|best|myself|yourself|self|life|one|some|all|stuff|work|progress|kg|kgs|kilos?|kilograms?|pounds?|lbs?|stones?|km|kms|kilomet(?:er|re)s?|miles?|k|percent|dollars?|euros?|bucks|quid|minutes?|hours?|times?)$/;

/** Time words that are the deadline, not the activity. */
const TIME_WORDS =
  /^(day|days|week|weeks|month|months|year|years|today|tomorrow|tonight|morning|evening|night|weekend|summer|winter|spring|autumn|fall|end|start|beginning|january|february|march|april|may|june|july|august|september|october|november|december|monday|tuesday|wednesday|thursday|friday|saturday|sunday|christmas|easter|q[1-4]|fortnight|minutes?|hours?)$/;

const STOP_AFTER_OBJECT =
  /^(with|for|to|at|on|in|by|before|after|until|within|so|because|and|or|but|from|every|each|per|this|next|than|while|since|without)$/;

const PREAMBLE =
  /^(?:(?:i|we)\s+(?:really\s+|finally\s+|also\s+)?(?:want|would like|'d like|need|hope|plan|am going|'m going|will|'ll|wish|intend|aim)\s+(?:to\s+)?|my goal is to\s+|goal:\s*|this year,?\s+|i\s+)/i;

const REASON =
  /\s*\b(?:because|since|so that|so i can|so i'll|so we can|in order to|as i want)\b.*$/i;

interface Term {
  text: string;
  normal: string;
  tags: string[];
}

function termsOf(text: string): Term[] {
  const json = nlp(text).json({ terms: { normal: true } }) as Array<{
    terms: Array<{ text: string; normal: string; tags: string[] }>;
  }>;
  return json.flatMap((sentence) =>
    sentence.terms.map((t) => ({ text: t.text, normal: t.normal.toLowerCase(), tags: t.tags })),
  );
}

const has = (term: Term, tag: string) => term.tags.includes(tag);

function isVerb(term: Term): boolean {
  return (
    has(term, 'Verb') && !has(term, 'Modal') && !has(term, 'Auxiliary') && !has(term, 'Copula')
  );
}

function infinitive(word: string): string {
  const root = (nlp(word).verbs().toInfinitive().text() || word).toLowerCase();
  return root.replace(/[^a-z'-]/g, '') || word;
}

const cache = new Map<string, GoalIntent>();

/** The goal's main action and key words. Deterministic; cached, as the tagger is the slow part. */
export function goalIntent(rawText: string): GoalIntent {
  const cached = cache.get(rawText);
  if (cached) return cached;
  const sentence = (rawText.split(/(?<=[.!?])\s+|\n/)[0] ?? rawText)
    .replace(/[‘’]/g, "'")
    .replace(REASON, '')
    .replace(PREAMBLE, '')
    .replace(/[.!?]+$/, '')
    .trim();
  const terms = termsOf(sentence);
  let verbAt = -1;
  for (let i = 0; i < terms.length; i += 1) {
    const term = terms[i] as Term;
    if (!isVerb(term) && !(i === 0 && /^[a-z]+$/.test(term.normal) && !has(term, 'Noun'))) continue;
    const next = terms[i + 1]?.normal;
    // "learn to play", "want to run": the action is the verb after "to".
    if (
      LEAD_VERBS.test(term.normal) &&
      (next === 'to' || next === 'how' || isVerb(terms[i + 1] ?? term))
    )
      continue;
    if (!isVerb(term)) {
      verbAt = i;
      break;
    }
    verbAt = i;
    break;
  }
  const verbTerm = verbAt >= 0 ? terms[verbAt] : undefined;
  const verb = verbTerm ? infinitive(verbTerm.normal) : null;

  const objects: string[] = [];
  const afterwards: string[] = [];
  let inObject = true;
  for (const term of terms.slice(verbAt + 1)) {
    const word = term.normal.replace(/'s$/, '');
    if (STOP_AFTER_OBJECT.test(word) || has(term, 'Preposition') || has(term, 'Conjunction')) {
      if (objects.length > 0 || !inObject) {
        if (afterwards.length > 0) break;
      }
      inObject = false;
      continue;
    }
    const noun =
      has(term, 'Noun') &&
      !has(term, 'Pronoun') &&
      !has(term, 'Date') &&
      !has(term, 'Possessive') &&
      !/^(my|our|your|his|her|their|its|the|a|an)$/.test(word);
    if (!noun || TIME_WORDS.test(word) || !/[a-z]/.test(word) || has(term, 'Value')) continue;
    if (EMPTY_OBJECTS.test(word)) continue;
    (inObject ? objects : afterwards).push(word);
  }
  const keywords = objects.length > 0 ? objects : [...(verb ? [verb] : []), ...afterwards];
  const phrase = verbTerm
    ? sentence.slice(sentence.toLowerCase().indexOf(verbTerm.text.toLowerCase()))
    : sentence;
  const intent: GoalIntent = { phrase: phrase || sentence, verb, keywords: unique(keywords) };
  if (cache.size > 500) cache.clear();
  cache.set(rawText, intent);
  return intent;
}

function unique(words: string[]): string[] {
  return [...new Set(words)];
}

/** A rough stem, so "countries" finds "country" and "running" finds "run". */
function stem(word: string): string {
  const lower = word.toLowerCase();
  const stripped = lower.replace(/(ies|ing|es|ed|s|e|y)$/, '');
  const base = stripped.length >= 3 ? stripped : lower;
  // Doubled final consonants before -ing ("running" → "runn" → "run").
  return base.replace(/([bdglmnprt])\1$/, '$1');
}

/** True when the SMART goal's text still names what the person asked for. */
export function keepsIntent(intent: GoalIntent, goalText: string): boolean {
  if (intent.keywords.length === 0) return true;
  const text = goalText.toLowerCase();
  return intent.keywords.some((word) => text.includes(stem(word)));
}
