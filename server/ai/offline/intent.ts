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
  /** The verb and its object only ("build a treehouse"): what the goal is about, no occasion. */
  core: string;
  /** Its verb, infinitive and lower case ("build"), or null when there is none. */
  verb: string | null;
  /** Head words of what the action is about ("treehouse"); the verb when there is no object. */
  keywords: string[];
}

/** Verbs that lead to the real action ("want to", "learn how to", "be able to"). */
const LEAD_VERBS =
  /^(want|wants|wanted|supposed|meant|would|like|love|need|hope|plan|planning|try|trying|going|aim|am|is|are|be|able|start|begin|learn|decide|wish|intend|commit|manage|continue|keep|finally|really|also|will|can|should|must|have|has)$/;

/** Objects that say little on their own: the verb and what follows carry the meaning. */
const EMPTY_OBJECTS =
  /^(money|time|weight|shape|it|something|things?|more|less|lot|lots|bit|habit|goal|way|better|best|myself|yourself|self|life|one|some|all|stuff|work|progress|kg|kgs|kilos?|kilograms?|pounds?|lbs?|stones?|km|kms|kilomet(?:er|re)s?|miles?|k|percent|dollars?|euros?|bucks|quid|minutes?|hours?|times?)$/;

/** Words for a part of something ("the rest of", "the last of"): the head is after "of". */
const PARTITIVE = /^(?:rest|remainder|remaining|last|bulk|most|half)$/;

/** Time words that are the deadline, not the activity. */
const TIME_WORDS =
  /^(day|days|week|weeks|month|months|year|years|today|tomorrow|tonight|morning|evening|night|weekend|summer|winter|spring|autumn|fall|end|start|beginning|january|february|march|april|may|june|july|august|september|october|november|december|monday|tuesday|wednesday|thursday|friday|saturday|sunday|christmas|easter|q[1-4]|fortnight|minutes?|hours?)$/;

const STOP_AFTER_OBJECT =
  /^(with|for|to|at|on|in|by|before|after|until|within|so|because|and|or|but|from|every|each|per|this|next|than|while|since|without)$/;

const PREAMBLE =
  /^(?:(?:i|we)\s*(?:really\s+|finally\s+|also\s+|just\s+)?(?:want|would like|'d like|'d love|would love|need|hope|plan|am going|'m going|will|'ll|wish|intend|aim)\s+(?:to\s+)?|(?:i\s+)?wanna\s+|(?:really\s+|just\s+)?(?:want|need|hope|plan)\s+to\s+|(?:(?:my|the|main|one|big)\s+)?(?:goal|aim|plan|target|dream)\s+is\s+to\s+|(?:(?:my|the)\s+)?(?:goal|aim|target)(?:\s+is\s+(?:simple|this|clear))?:\s*|this year,?\s+|i\s+)/i;

/** A sentence that says what the person wants. */
const WANTS =
  /\b(?:i|we)\s*(?:really\s+|just\s+|also\s+|still\s+)?(?:want|wanna|would like|'d (?:really )?like|would love|'d (?:really )?love|need|hope|plan|intend|aim)\s+to\b|\bi\s*(?:really\s+|just\s+)?(?:want|wish|need)\s+(?:us|things|we)\s+to\b|\bi\s*(?:really\s+|just\s+)?want\s+(?:[$€£¥₹]\s?\d|\d)|\b(?:my|the|main|big)?\s*(?:goal|aim|plan|target|dream) is\b|\b(?:goal|aim|target):\s|^(?:really\s+|just\s+)?(?:want|wanna|need|hope|plan)\s+to\b/i;

/** A wish in a later clause of the sentence, after a backstory ("…, want to …", "… and want to …"). */
const LATER_WISH =
  /^(?:(?!\b(?:want|wanna|need|like|love|hope|plan)\s+to\b)[^;:])*?(?:,\s+(?:and\s+|but\s+|so\s+|now\s+)?|\s+(?:and|but|so|now)\s+|\s[-–—]\s+)(?=(?:i\s+|i'd\s+|i\s+would\s+)?(?:really\s+|just\s+|also\s+)?(?:want|wanna|need|would like|'d like|like|love|hope|plan)\s+to\b)/i;

/** A later wish about what the first clause named ("want to do it", "need to be ready for it"). */
const POINTS_AT_FIRST =
  /^(?:i\s+|i'd\s+)?(?:really\s+|just\s+|also\s+)?(?:want|wanna|need|would like|'d like|hope|plan)\s+to\s+(?:\w+\s+)?(?:it|them|this|that|ready|with)\b/i;

/**
 * A wish that only points back at a goal already told ("still want to get there", "want to
 * actually get it done"): the sentence that told it states the goal.
 */
export const POINTS_BACK =
  /\b(?:want|wanna|need|like|love|hope|plan|intend|aim)\s+to\s+(?:\w+ly\s+|still\s+|finally\s+)?(?:get there|get it (?:done|sorted|finished|over with)|make it(?: happen)?|[a-z]+ (?:it|them)|get back on track|start|begin)\b(?:\s+(?:this time|tho|though|now|again|properly))?\s*[.!?]*$|\b(?:still|really)\s+(?:want|wanna|need)(?:\s+to)?(?:\s+(?:tho|though|now|again|this time))?\s*[.!?]*$/i;

/** Asides that carry no meaning for the goal ("honestly", "tbh", "lol"). */
const FILLER = /^(?:honestly|tbh|ngl|ok|okay|so|well),?\s+|\s+(?:lol|tbh|haha|lmao|ngl)$/gi;

/**
 * "i need to lose weight lol my jeans dont fit anymore": an interjection between two clauses
 * ends the first, as a full stop would.
 */
export const INTERJECTION_BREAK = /\s+(?:lol+|lmao|haha+|ngl|smh|tbh)\b[.!,]*\s+(?=\S)/gi;

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

/**
 * The verb's plain form. Goals are mostly imperatives ("run", "save"), so a light rule for the
 * rest ("running" → "run", "saving" → "sav") is enough for matching; the tagger's own inflection
 * would cost more than the whole reading.
 */
function infinitive(word: string): string {
  const lower = word.toLowerCase().replace(/[^a-z'-]/g, '') || word;
  if (lower.length > 5 && lower.endsWith('ing'))
    return lower.slice(0, -3).replace(/([bdglmnprt])\1$/, '$1');
  return lower;
}

/**
 * "Goals for this year: 1) swim 1km nonstop by end of June 2) fewer takeaways 3) …": of a
 * numbered list of goals, the first is the one to plan now (the others can follow as goals of
 * their own).
 */
const NUMBERED_LIST = /(?:^|[\s:;,-])1[.)]\s+(.+?)\s+2[.)]\s+\S/s;

export function firstListedGoal(text: string): string {
  const item = NUMBERED_LIST.exec(text)?.[1]?.trim().replace(/[,;]$/, '');
  return item && item.length >= 4 ? item : text;
}

const cache = new Map<string, GoalIntent>();

/** The goal's main action and key words. Deterministic; cached, as the tagger is the slow part. */
export function goalIntent(rawText: string): GoalIntent {
  const cached = cache.get(rawText);
  if (cached) return cached;
  // The sentence that states the goal: the first, unless it is backstory and a later one says
  // what the person wants ("I used to read loads as a kid… I want to read more.").
  const sentences = firstListedGoal(rawText)
    .replace(INTERJECTION_BREAK, '. ')
    .split(/(?<=[.!?])\s+|\n/)
    .filter((part) => part.trim() !== '');
  const first = sentences[0] ?? rawText;
  const told = WANTS.test(first)
    ? first
    : (sentences.find((part) => WANTS.test(part) && !POINTS_BACK.test(part)) ?? first);
  // "diagnosed with high blood pressure last month, want to start doing HIIT": the backstory's
  // clause comes first, the wish after it.
  // Not when the first clause is the event itself ("hosting my in-laws for thanksgiving, want to
  // cook the whole dinner") or the wish points back at it ("… and I want to do it").
  const later = /^(?:[a-z ]+:\s*)?[a-z]+ing\b/i.test(told) ? null : LATER_WISH.exec(told);
  const stated =
    later && !POINTS_AT_FIRST.test(told.slice(later[0].length))
      ? told.slice(later[0].length)
      : told;
  const sentence = stated
    .replace(/[‘’]/g, "'")
    .replace(REASON, '')
    .replace(FILLER, '')
    .replace(PREAMBLE, '')
    // "goal is a 5 mile hike", "the aim is an ironman", "goal is full-time hours again": the goal
    // named as a thing is done.
    .replace(
      /^(?:(?:my|the|main|one|big)\s+)?(?:goal|aim|plan|target|dream)\s+is\s+(?!(?:to|that|simple|just|this|not|really|pretty|quite|very|so|my|the|to be)\b)(?=[a-z])/i,
      'do ',
    )
    // "signed up for a marathon": the event signed up for is the activity.
    .replace(
      /^(?:(?:i|we)(?:'ve| have)?\s+)?(?:signed up|registered|entered|enrolled)\s+(?:for|in|into)\s+/i,
      'do ',
    )
    .replace(/[.!?]+$/, '')
    .trim();
  const terms = termsOf(sentence);
  let verbAt = findVerb(terms, 0);
  // Goals are mostly imperatives: with no verb tagged, the first word is the action ("Host dinner").
  if (verbAt < 0 && terms.length > 0 && /^[a-z]+$/.test(terms[0]?.normal ?? '')) verbAt = 0;
  let read = readObject(terms, verbAt);
  // "teach my son to ride a bike", "help my kids to read": the action is what follows "to".
  const afterTo = terms.findIndex((t, i) => i > verbAt && t.normal === 'to');
  if (
    verbAt >= 0 &&
    HELPING.test(terms[verbAt]?.normal ?? '') &&
    read.objects.every((word) => PEOPLE.test(word)) &&
    afterTo > verbAt
  ) {
    const inner = findVerb(terms, afterTo + 1);
    // "take my mum to 6 concerts": no second verb, the place or event is the object.
    const at = inner >= 0 ? inner : afterTo;
    const again = readObject(terms, at);
    if (again.objects.length > 0 || inner >= 0) {
      if (inner >= 0) verbAt = inner;
      read = again;
    }
  }
  const verbTerm = verbAt >= 0 ? terms[verbAt] : undefined;
  const verb = verbTerm ? infinitive(verbTerm.normal) : null;
  // With no object the verb is the activity ("meditate", "propose"), unless it says little on its
  // own ("go to the gym", "get promoted to senior engineer"): then the phrase after it.
  const keywords =
    read.objects.length > 0
      ? read.objects
      : verb && !LIGHT_VERBS.test(verb)
        ? [verb]
        : read.afterwards;
  const from = verbTerm ? sentence.toLowerCase().indexOf(verbTerm.text.toLowerCase()) : 0;
  const phrase = sentence.slice(Math.max(0, from));
  const core = terms
    .slice(Math.max(0, verbAt), read.objectEnd)
    .map((t) => t.text)
    .join(' ');
  const intent: GoalIntent = {
    phrase: phrase || sentence,
    core: core || phrase || sentence,
    verb,
    keywords: unique(keywords),
  };
  if (cache.size > 500) cache.clear();
  cache.set(rawText, intent);
  return intent;
}

/** Verbs that carry little meaning without what follows them. */
const LIGHT_VERBS = /^(go|get|do|have|make|take|be|become|keep|stay|try|start|work|spend|put)$/;

/** Verbs whose object is a person who then does the action: "teach my son to swim". */
const HELPING = /^(teach|help|encourage|get|take|bring|show|support|coach)$/;
const PEOPLE =
  /^(son|daughter|kids?|children|child|mum|mom|mother|dad|father|parents?|wife|husband|partner|friends?|brother|sister|siblings?|family|team|students?|grandparents?|grandma|grandpa|nephew|niece|baby|toddler|girlfriend|boyfriend|dog|puppy)$/;

function findVerb(terms: readonly Term[], from: number): number {
  for (let i = from; i < terms.length; i += 1) {
    const term = terms[i] as Term;
    if (!isVerb(term)) continue;
    const next = terms[i + 1]?.normal;
    // "learn to play", "want to run": the action is the verb after "to".
    if (
      LEAD_VERBS.test(term.normal) &&
      (next === 'to' || next === 'how' || isVerb(terms[i + 1] ?? term))
    )
      continue;
    return i;
  }
  return -1;
}

function isKeyNoun(term: Term, word: string): boolean {
  return (
    has(term, 'Noun') &&
    !has(term, 'Pronoun') &&
    !has(term, 'Date') &&
    !has(term, 'Possessive') &&
    !has(term, 'Value') &&
    !/^(my|our|your|his|her|their|its|the|a|an)$/.test(word) &&
    !TIME_WORDS.test(word) &&
    /[a-z]/.test(word) &&
    !/[\d$€£¥₹]/.test(word) &&
    !EMPTY_OBJECTS.test(word)
  );
}

/**
 * The direct object's head noun (the last noun before a preposition, with any proper nouns), and
 * when there is none the head noun of the first phrase after it ("save money for a holiday").
 */
function readObject(
  terms: readonly Term[],
  verbAt: number,
): { objects: string[]; afterwards: string[]; objectEnd: number } {
  const objects: string[] = [];
  let head: string | null = null;
  let last: Term | null = null;
  let index = verbAt + 1;
  for (; index < terms.length; index += 1) {
    const term = terms[index] as Term;
    const word = term.normal.replace(/'s$/, '');
    // "lose the rest of the weight": a part of something, whose head is what follows "of".
    if (PARTITIVE.test(word) && terms[index + 1]?.normal === 'of') {
      index += 1;
      continue;
    }
    if (STOP_AFTER_OBJECT.test(word) || has(term, 'Preposition') || has(term, 'Conjunction')) break;
    last = term;
    if (!isKeyNoun(term, word)) continue;
    if (has(term, 'ProperNoun')) objects.push(word);
    head = word;
  }
  // "write a thank-you note": a determiner's phrase ends in its noun, whatever the tagger said.
  const lastWord = last?.normal.replace(/'s$/, '') ?? '';
  if (
    !head &&
    last &&
    index - 1 > verbAt + 1 &&
    /^(a|an|the|my|our)$/.test(terms[verbAt + 1]?.normal ?? '') &&
    /^[a-z-]{3,}$/.test(lastWord) &&
    !EMPTY_OBJECTS.test(lastWord) &&
    !TIME_WORDS.test(lastWord)
  ) {
    head = lastWord;
  }
  if (head) objects.push(head);
  const afterwards: string[] = [];
  if (objects.length === 0) {
    let phraseHead: string | null = null;
    for (let i = index + 1; i < terms.length; i += 1) {
      const term = terms[i] as Term;
      const word = term.normal.replace(/'s$/, '');
      if (STOP_AFTER_OBJECT.test(word) || has(term, 'Preposition') || has(term, 'Conjunction')) {
        if (phraseHead) break;
        continue;
      }
      if (isKeyNoun(term, word)) phraseHead = word;
    }
    if (phraseHead) afterwards.push(phraseHead);
  }
  return { objects, afterwards, objectEnd: index };
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

/** Words a goal may use instead of the person's own, with the same meaning. */
const SAME_MEANING: Record<string, readonly string[]> = {
  gym: ['work out', 'workout', 'training', 'strength'],
  jog: ['run'],
  job: ['application', 'role', 'position'],
  dinner: ['meal', 'cook'],
  cv: ['résumé', 'resume'],
  resume: ['cv'],
  cigarette: ['smok'],
  alcohol: ['drink'],
  booze: ['drink'],
  bike: ['cycl', 'ride'],
  cycle: ['ride', 'bike'],
  weight: ['kg', 'lb'],
  parkrun: ['5k'],
};

/** True when the SMART goal's text still names what the person asked for. */
export function keepsIntent(intent: GoalIntent, goalText: string): boolean {
  if (intent.keywords.length === 0) return true;
  const text = goalText.toLowerCase();
  return intent.keywords.some(
    (word) =>
      text.includes(stem(word)) ||
      (SAME_MEANING[stem(word)] ?? SAME_MEANING[word] ?? []).some((other) => text.includes(other)),
  );
}

/**
 * "Get my teenage son to talk to me more": what someone close does is theirs, not an amount the
 * person sets; what it would look like is asked, as for repairing a relationship.
 */
export const SOMEONE_ELSE =
  /\b(?:get|getting|help|encourage) (?:my|our) (?:[a-z]+ ){0,2}(?:son|daughter|kids?|children|teens?|teenager|partner|husband|wife|boyfriend|girlfriend|dad|mum|mom|father|mother|parents|brother|sister) to (?:talk|open up|listen|spend time|hang out|communicate|share|call|visit|trust)\b/i;

/** Verbs of a way of being: "be a more patient mum", "grow closer to God", "feel calmer". */
const BEING_VERBS = /^(be|become|feel|grow|get|stay)$/;

/** Verbs that change an amount: "increase my sales", "grow my income", "cut down on sweets". */
const CHANGE_VERBS = /^(increase|grow|boost|raise|reduce|lower|cut|limit|expand|double)$/;

/** What one grows as an amount, not as a plant: "grow my income", "grow my channel". */
const AMOUNT_NOUNS =
  /^(income|revenue|sales|business|audience|following|followers|channel|savings|network|profits?|earnings|numbers|brand|list|portfolio|pension|clients?|customers?|subscribers)$/;

/** Quantifiers of an amount ("more", "a bit of"): how much is left open. */
const AMOUNT_WORDS = /^(more|less|fewer)$/;

/** The goal's own clause, up to its first comma or sentence end ("drink less. It's getting…"). */
const clauseCache = new Map<string, Term[]>();

function goalClause(text: string): Term[] {
  const cached = clauseCache.get(text);
  if (cached) return cached;
  const { phrase } = goalIntent(text);
  const clause = phrase.split(/[,.;:!?(]|\s[-–—]\s/)[0] ?? phrase;
  const terms = termsOf(clause);
  if (clauseCache.size > 500) clauseCache.clear();
  clauseCache.set(text, terms);
  return terms;
}

/**
 * A wish about how to be rather than what to do: the verb is "be", "become", "feel", "grow" or
 * "get" and what follows is a comparative ("be a more patient mum", "grow closer to God", "be
 * better at my job"), not an amount of something ("get more clients").
 */
export function wayOfBeing(text: string): boolean {
  const terms = goalClause(text);
  const at = terms.findIndex((t) => BEING_VERBS.test(t.normal));
  if (at < 0 || at > 1) return false;
  // "get on better terms": particles and determiners say nothing of the comparison.
  const rest = terms
    .slice(at + 1)
    .filter((t) => !has(t, 'Determiner') && !has(t, 'Particle') && !has(t, 'Possessive'));
  const next = rest[0];
  if (!next) return false;
  if (next.normal === 'better' || next.normal === 'worse' || has(next, 'Comparative')) return true;
  // "be more social", but "get more clients": after more/less a noun is an amount.
  return (
    AMOUNT_WORDS.test(next.normal) &&
    terms[at]?.normal !== 'get' &&
    (terms[at]?.normal !== 'grow' || !has(rest[1] ?? next, 'Plural'))
  );
}

/**
 * More or less of a known activity with no number ("drink less", "eat more veggies", "visit my
 * parents more often", "lose a bit of weight", "grow my income", "cut down on sweets", "start
 * saving money"): what is asked is how much, not what it would look like. Read on the parts of
 * speech of the goal's own clause.
 */
export function comparativeAmount(text: string): boolean {
  const terms = goalClause(text);
  if (terms.length === 0 || wayOfBeing(text) || SOMEONE_ELSE.test(text)) return false;
  if (terms.some((t) => has(t, 'Value') && /\d/.test(t.text))) return false;
  const verb = terms.findIndex((t) => isVerb(t) || t.normal === 'start');
  if (verb < 0) return false;
  const first = terms[verb]?.normal ?? '';
  const after = terms.slice(verb + 1);
  if (after.some((t) => AMOUNT_WORDS.test(t.normal))) return true;
  // "lose some weight", "save some money": an amount of a known measure, left unnamed.
  if (/^(lose|losing|drop|shed|gain|save|saving)$/.test(first) && after[0]?.normal === 'some')
    return true;
  // "make some friends", "read some books": some of a thing, how many left open.
  if (
    after[0]?.normal === 'some' &&
    after.length > 1 &&
    !/^(do|have|take|get|learn|study|practi[cs]e|try|see|visit|pick)$/.test(first)
  )
    return true;
  // "stop spending so much on takeaways": less of it, how much less unnamed.
  if (
    after.some(
      (t, i) => /^(much|many)$/.test(t.normal) && /^(so|too)$/.test(after[i - 1]?.normal ?? ''),
    )
  )
    return true;
  // "pay down my loans faster", "get there sooner": a pace to name.
  if (after.some((t) => /^(faster|quicker|sooner)$/.test(t.normal))) return true;
  // "lose a bit of weight", "save a little".
  if (after.some((t, i) => /^(bit|little)$/.test(t.normal) && after[i - 1]?.normal === 'a'))
    return true;
  // "increase my sales numbers", "cut down on sweets"; "grow" an amount ("my income"), not
  // tomatoes or closer.
  const object = after.filter((t) => has(t, 'Noun') && !has(t, 'Possessive')).at(-1)?.normal;
  if (
    CHANGE_VERBS.test(first) &&
    after.length > 0 &&
    !has(after[0] as Term, 'Comparative') &&
    (first !== 'grow' || AMOUNT_NOUNS.test(object ?? ''))
  )
    return true;
  // "start saving money": a habit begun, at a pace not yet named.
  return /\bstart(?:ing)? [a-z]+ing\b/i.test(text) && /ing$/.test(first) && after.length <= 2;
}

/** An occasion named without its date: whose it is and what it is ("the", "careers fair"). */
export interface NamedOccasion {
  owner: string;
  what: string;
}

const OWNERS = /^(my|our|the|his|her|their)$/;

/** Verbs of a life event that ends a stretch of time: "before we move house", "… arrives". */
const LIFE_EVENT_VERBS =
  /^(move|moves|arrive|arrives|come|comes|leave|leaves|start|starts|return|returns|graduate|graduates|retire|retires|marry|relocate|relocates|emigrate|emigrates)$/;

/** Habits done around a daily occasion ("stretch every morning before my run") bound nothing. */
const FREQUENCY = /\b(?:every|each|daily|nightly|weekly|a day|a week|per)\b/;

/**
 * An occasion only the person knows the date of, read on the parts of speech after "before",
 * "ahead of" or "in time for": a noun phrase ("before the careers fair", "before the next
 * promotion round at work") or a clause with a life event's verb ("before we move house", "before
 * our little one arrives"); and an age or someone's birthday by its ordinal ("by my 30th", "for
 * my dad's 60th"). Null when what follows is a time ("before the end of…"), which the date reader
 * handles.
 */
export function occasionWithoutDate(text: string): NamedOccasion | null {
  const terms = termsOf(text.replace(/[‘’]/g, "'"));
  for (let i = 0; i < terms.length; i += 1) {
    const word = terms[i]?.normal ?? '';
    const bounding =
      word === 'before' ||
      (word === 'of' && terms[i - 1]?.normal === 'ahead') ||
      (word === 'for' && terms[i - 1]?.normal === 'time' && terms[i - 2]?.normal === 'in');
    const ordinalOnly = word === 'by' || word === 'for';
    if (!bounding && !ordinalOnly) continue;
    const found = readOccasion(terms.slice(i + 1), bounding, FREQUENCY.test(text));
    if (found) return found;
  }
  return null;
}

function readOccasion(rest: readonly Term[], bounding: boolean, habit: boolean) {
  const first = rest[0];
  if (!first) return null;
  let owner = first.normal.replace(/'s$/, "'s");
  let at = 1;
  const possessive = has(first, 'Possessive') || /'s$/.test(first.normal);
  if (!OWNERS.test(owner) && !possessive && !has(first, 'Pronoun')) return null;
  // "my dad's 60th": the owner is the person named.
  if (OWNERS.test(owner) && rest[1] && /'s$/.test(rest[1].normal)) {
    owner = rest[1].normal;
    at = 2;
  }
  const words: Term[] = [];
  for (const term of rest.slice(at)) {
    const stop = STOP_AFTER_OBJECT.test(term.normal) && term.normal !== 'next';
    if (has(term, 'Preposition') || has(term, 'Conjunction') || stop) break;
    words.push(term);
  }
  const head = words.at(-1);
  if (!head) return null;
  // "by my 30th", "for my dad's 60th": a birthday by its ordinal.
  // "by the 20th" is a day of the month, which the date reader handles.
  if (words.length === 1 && has(head, 'Ordinal'))
    return owner === 'the' ? null : { owner, what: head.text };
  if (!bounding) return null;
  // "before we move house", "before our little one arrives".
  // "the christening": a gerund after a determiner is a noun.
  const verb = words.findIndex((t, i) => isVerb(t) && !(i === 0 && has(t, 'Gerund')));
  // "before I go back to uni", "before she heads off": going back or away is a return or a move.
  const away = verb >= 0 && /^(go|goes|head|heads)$/.test(words[verb]?.normal ?? '');
  if (
    verb >= 0 &&
    (LIFE_EVENT_VERBS.test(words[verb]?.normal ?? '') ||
      (away && /^(back|off|away)$/.test(words[verb + 1]?.normal ?? '')))
  )
    return { owner: 'the', what: 'move or arrival' };
  // "before the charity run work signed us up for": a past-tense verb after the occasion's noun
  // phrase opens a relative clause; its subject ("work") is the word just before it.
  if (verb >= 2 && !has(first, 'Pronoun') && has(words[verb] as Term, 'PastTense')) {
    const phrase = words.slice(0, verb - 1);
    const last = phrase.at(-1);
    if (last && has(last, 'Noun') && !phrase.some((t) => has(t, 'Value') || has(t, 'Date')))
      return { owner, what: phrase.map((t) => t.text).join(' ') };
  }
  if (verb >= 0) return null;
  if (has(first, 'Pronoun') || habit) return null;
  if (words.some((t) => has(t, 'Date') || TIME_WORDS.test(t.normal) || has(t, 'Value')))
    return null;
  if ((!has(head, 'Noun') && !has(head, 'Gerund')) || has(head, 'Pronoun')) return null;
  return { owner, what: words.map((t) => t.text).join(' ') };
}

/**
 * The first noun phrase of a clause, dates and numbers left out ("My CIMA case study exam is on
 * 12 May" → "my CIMA case study exam"): what a later "pass it" refers to.
 */
export function firstNounPhrase(text: string): string | null {
  const nouns = nlp(text).nouns().json() as Array<{
    text: string;
    terms: Array<{ tags: string[] }>;
  }>;
  const found = nouns.find(
    (noun) =>
      !noun.terms.some((t) => t.tags.includes('Date') || t.tags.includes('Value')) &&
      !noun.terms.every((t) => t.tags.includes('Pronoun')),
  );
  if (!found) return null;
  const words = found.text.replace(/[.,;:!?]+$/, '').trim();
  return words.replace(/^(My|Our|The|A|An)\b/, (first) => first.toLowerCase()) || null;
}

/**
 * "it" with a particle or a comparison after it ("get it back on track", "want it back", "get it
 * under 48") points at what was named before: a thing of the person's told as the subject of a
 * clause ("my career has stalled", "My fitness is completely shot") or a reading with its value
 * ("HbA1c was 58"). The nearest one before the "it" is what it stands for.
 */
const IT_WITH_PARTICLE =
  /\b(?:it|them)\b(?='|\s+(?:back|under|below|down|up|over|above|lower|higher|to \d|on track|sorted|in order|under control|right|going|moving)\b)/gi;
const REFERENTS = [
  /\b(?:my|our)\s+(?:[a-z-]+\s+){0,2}?[a-z-]+(?=\s+(?:is|was|are|were|has|have|had|feels|seems|went|keeps|isn't|wasn't|hasn't|just|really|completely|totally|properly|kind of|sort of)\b)/gi,
  /\b(?!(?:it|i|he|she|we|they|this|that|which)\b)[a-z][a-z0-9]+(?=\s+(?:was|is|came back at|reading was|level was)\s+\d)/gi,
];

export function withReferents(text: string): string {
  if (!IT_WITH_PARTICLE.test(text)) return text;
  IT_WITH_PARTICLE.lastIndex = 0;
  return text.replace(IT_WITH_PARTICLE, (it: string, at: number) => {
    const before = text.slice(0, at);
    let nearest: { at: number; words: string } | null = null;
    for (const pattern of REFERENTS) {
      for (const match of before.matchAll(pattern)) {
        if (!nearest || match.index > nearest.at) nearest = { at: match.index, words: match[0] };
      }
    }
    if (!nearest) return it;
    // "My fitness", "Cholesterol" read mid-sentence are "my fitness", "cholesterol" ("HbA1c"
    // keeps its capitals).
    return nearest.words
      .replace(/^(My|Our)\b/, (word) => word.toLowerCase())
      .replace(/^[A-Z][a-z]+$/, (word) => word.toLowerCase());
  });
}
