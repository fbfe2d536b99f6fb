import { normalizeGoalText } from './parse.ts';
import { comparativeAmount, goalIntent, wayOfBeing } from './intent.ts';
import type { ActivityTemplate } from './templates/kit.ts';

/**
 * How a goal statement reads as a wish, for the offline coach (refine-goal.ts): vague (a way of
 * being, a life-wide wish, a vague phrase), more or less of a known activity with no number, or a
 * skill to learn for its own sake. The grammar (comparatives, the goal's own clause) is read with
 * compromise in intent.ts; the phrases here are the wordings it cannot tell apart.
 */

/** Wishes with no outcome one could measure; they need a question before a plan. */
export const VAGUE =
  /\b(be|become|feel|get|getting|being) (more )?(happier|happy|better|healthier|healthy|fit|fitter|in shape|into shape|confident|productive|organi[sz]ed|motivated|disciplined|successful|calmer|less stressed|a better (person|partner|husband|wife|friend|parent|mom|mum|dad|leader|boss))\b|\bimprove (my life|myself|my relationship|my marriage|my health|my career|things)\b|\bget my life (together|back)\b|\bfind (my )?(purpose|passion|direction)\b|\bbest version of myself\b|\bself[- ]improvement\b|\blive (a )?(healthier|better|happier)\b|\bstress less\b|\bdo better\b|\bwork on myself\b|\bbe a better\b|\bget (?:better|good|decent|any good) at\b|\b(?:want|wish|need)\s+(?:us|things|we)\s+to\s+(?:be|go back|get back|feel)\b|\bwish (?:we|things) (?:could|would) (?:be|go back|get back)\b|\b(?:don'?t|do not) (?:really )?know what (?:i|to)\b|\bnot sure what\b|\bno idea what (?:i|to)\b|\bimprove (?:at|my) (?!\d)\w+(?: \w+)?$|\b(?:manage|handle) (?:my )?\w+ better\b|\bget (?:my )?\w+ (?:back )?(?:sorted|in order|under control|on track)\b|\b(?:want|get|have) (?:my )?(?:fitness|health|energy|strength|stamina|confidence|mojo|spark|body|old self|life) back\b|\bsort (?:out )?my \w+(?: out)?$|^(?:find|get|land) (?:a |an )?(?:new |better |different )?job$|\bbe (?:more|less) (?:patient|present|kind|calm|positive|grateful|assertive|tolerant|understanding|supportive|consistent|social|outgoing|mindful|open|confident|organi[sz]ed)\b|\bdo something about (?:my|our|the) \w+|\bfind (?:a |the )?(?:partner|girlfriend|boyfriend|husband|wife|someone|love|the one)\b(?! (?:at|in|for|who|that) )|(?:^|\b(?:want|need|get|go for) )a promotion$|\b(?:been thinking|thinking about|maybe|wondering if) (?:i |that i )?(?:should|could|might|ought to)\b|\b(?:move|moving|get|getting|go|going) (?:forward|ahead|further|somewhere) (?:in|with) (?:my|our) (?:career|life|job|work)\b|\b(?:advance|progress|develop) (?:in )?my career\b|\b(?:have|build|get) (?:a |an )?(?:better|closer|stronger|healthier|good|great|proper|nicer) relationship with\b/;

/**
 * "Hike the Kokoda Track … and I need to get fit for it": getting fit for a goal already named is
 * the means, not a vague wish of its own.
 */
const MEANS_TO_GOAL =
  /\b(?:get|be|getting) (?:fit|fitter|in shape|into shape|healthier|stronger)(?: enough)? (?:for|before) (?:it|this|that)\b/g;

export const MEANS_AT_START = new RegExp(`^${MEANS_TO_GOAL.source}`, 'i');

export function wishText(text: string): string {
  return text.replace(MEANS_TO_GOAL, ' ');
}

/**
 * A wish about the whole of life, naming no area of it ("get my life together", "have more
 * balance in my life", "become the person I keep saying I'll be", "be happier"): vague, and its
 * why is asked, as it is not plain.
 */
export const LIFE_WIDE =
  /\b(?:(?:my|in) life|life (?:together|back)|the person i|(?:a )?better person|best version|(?:improve|work on|love|believe in) myself|purpose|direction|balance|fulfilled|do better|(?:happ(?:y|ier)|productive)(?!\s+(?:at|in|with|about)\b))\b/;

/** Wishes the VAGUE list reads on the goal's own clause, without its aside. */
const VAGUE_CLAUSE =
  /\bget back out there\b|^(?:be|feel|get back to being) (?:[a-z']+ ){0,3}again$|\b(?:tone|toned) up\b|\bget toned\b|\b(?:start (?:a |my own )?(?:side hustle|business|side business)|(?:(?:need|want|get|find) )?(?:a |an )?(?:new|better|different) job)$|^(?:improve|work on) my (?!\d)\w+(?: \w+)?(?: (?:for|at) work)?$|^sort (?:out )?my \w+(?: out)?$|^(?:sleep|eat|feel|breathe|look|dress|communicate|listen) (?:a (?:lot|bit) )?(?:better|healthier)$/;

/** A number told as where the person is now ("I'm on about 5 hours", "currently 3 a day"). */
const NOW_LEVEL =
  /\b(?:i'm|i am|im|currently|at the minute|at the moment|right now|so far|these days)\b[^.,;!?]*\d|\d[^.,;!?]*\b(?:now|at the minute|at the moment|these days)\b/;

/** What "done" can be for a skill learned for its own sake, when no template knows the skill. */
export const LEARN_SUGGESTIONS = [
  'Finish a beginner course',
  'Make 3 finished pieces or projects',
  'Use it for something real every week for a month',
  'Pass a first-level test',
] as const;

/** "learn excel properly", "learn to paint with oils": a skill whose "done" the person names. */
const LEARN =
  /\blearn(?:ing)?\b|\bget (?:back )?into\b(?!\s+\w+ing\b)(?!\s+(?:shape|uni|university|college|school|med school|medical school|oxford|cambridge|the habit|a routine|a rhythm|debt|trouble|a\b|an\b|the\b))/;

/**
 * "Learn excel properly", "learn to paint with oils": a skill with no purpose named after it
 * ("learn Python to switch careers" says what done is: the switch).
 */
export function learnsForItsOwnSake(statement: string): boolean {
  const said = normalizeGoalText(statement);
  const clause = said.split(/[,.;:!?(]|\s[-–—]\s/)[0] ?? said;
  const at = LEARN.exec(clause);
  if (!at) return false;
  const rest = clause.slice(at.index + at[0].length).replace(/^\s*(?:how\s+)?to\b/, '');
  return !/\b(?:to|so)\s+[a-z]+/.test(rest) && !PLAIN_DONE.test(rest);
}

/**
 * A skill whose "done" is plain: a level ("BSL level 1", "B1"), or one thing made or done once
 * ("make sourdough", "cook a roast", "ride a bike", "swim"). A craft with nothing named to make
 * ("learn to cook", "learn to knit properly") leaves "done" open.
 */
const PLAIN_DONE =
  /\b(?:level|grade|[abc][12]|stage|belt)\b|^\s*(?:make|bake|cook|build|knit|sew|brew|crochet|fix|tie|change)\s+(?!(?:properly|well|better|more|a bit|from scratch|for myself|for me|for (?:the|my) \w+|at home|healthy|again|things|stuff|meals|food|dishes)\b)[a-z]|^\s*(?:ride|swim|drive)\b/;

/** The goal's own clause, without preamble, aside or reason ("sort out my money"). */
function goalClauseText(statement: string): string {
  const phrase = normalizeGoalText(goalIntent(statement).phrase);
  return (phrase.split(/[,.;:!?(]|\s[-–—]\s/)[0] ?? phrase).trim();
}

/**
 * How the wish reads: more or less of a known activity with no number ("drink less", "travel
 * more") asks how much and is not vague; a way of being ("be a more patient mum"), a life-wide
 * wish or a vague phrase asks what it would look like.
 */
export function readWish(
  statement: string,
  text: string,
  measured: boolean,
  template: ActivityTemplate,
): { moreOf: boolean; vague: boolean } {
  const clause = goalClauseText(statement);
  // "Neither of us sleeps more than four hours … I just want us to be a team again": a number
  // in the backstory does not measure a wish whose own clause is vague.
  const vagueClause =
    !/\d/.test(clause) &&
    (VAGUE.test(clause) || VAGUE_CLAUSE.test(clause) || wayOfBeing(statement));
  // "Get more sleep, I'm running on about 5 hours a night": the number is where the person is
  // now, not the target; more or less of it is still to be named.
  if (
    measured &&
    !vagueClause &&
    !(/\d/.test(clause) === false && NOW_LEVEL.test(text) && comparativeAmount(statement))
  )
    return { moreOf: false, vague: false };
  const named =
    VAGUE.test(wishText(text)) ||
    VAGUE_CLAUSE.test(clause) ||
    wayOfBeing(statement) ||
    LIFE_WIDE.test(text);
  const moreOf = !named && comparativeAmount(statement);
  // "be deadlifting 100kg again": a goal that names its number is no vague wish, whatever
  // template it falls to.
  const numbered = /\d/.test(clause);
  return { moreOf, vague: !moreOf && (named || (template.generic === true && !numbered)) };
}
