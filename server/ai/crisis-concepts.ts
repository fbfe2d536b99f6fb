import type { CrisisCategory } from '#contracts/coach.ts';
import type { Concept } from './crisis-concept-phrases.ts';
import { GENERIC, OWN_DANGER, SELF_DIRECTED } from './crisis-concept-sets.ts';
import { CONCEPT_GATE, hasConcept, tagConcepts } from './crisis-concept-tags.ts';
import {
  FIRST_PERSON_CLAUSE,
  HYPOTHETICAL,
  HYPOTHETICAL_CHILD,
  NOT_A_STORY,
  OTHER_SUBJECT,
  PAST_FRAME,
  ROUTINE_CAUSE,
  toldAsNow,
  STORY_FRAME,
  resolvedMessage,
  namesOthersSuicide,
  resolvedPast,
  strongFrame,
} from './crisis-frames.ts';

/**
 * The crisis guard's generalising layer: concepts and how they meet in a sentence.
 *
 * The lexicon (crisis-guard.ts) knows phrases; it misses the same thought in words it has not
 * seen. This layer tags each sentence with concepts (being dead or not existing, a wish or plan,
 * feeling trapped, being a burden, a goodbye, a means such as a medicine or a height, a quantity,
 * a question about amounts; self-injury, a body part, relief; food, restriction, purging, body
 * hatred; a partner or family member, fear, control, violence done to me, a child, neglect;
 * symptoms and their onset; a violent act, a weapon, another person as target, a reckoning
 * promised, a person watched) and flags a category when concepts meet that only meet in a crisis:
 * a wish + not existing, a medicine + a quantity + taking them, fear + a partner, a child + locked
 * in or not fed, a weapon + a target, a reckoning + a watch kept on the person. The concepts
 * written as raw patterns, and the names of all, are in crisis-concept-phrases.ts.
 *
 * Every concept match can be cancelled by a negation just before it ("I would never hurt
 * myself"), and whole sentences are set aside by frames: another person's story, the news, study
 * or work (a study's topic is not the writer's own), a play, the past ("years ago", "when I was a
 * teenager"), a past told as settled ("now happily married"), a hypothetical or first-aid
 * question ("what to do if someone has a stroke"). It reads text that crisis-guard.ts has already
 * normalised and cleared of idioms, so "this commute is killing me" never reaches it.
 */

export { CONCEPT_GATE, tagConcepts } from './crisis-concept-tags.ts';
export { framedMessage, resolvedMessage, routineExplains, setAside } from './crisis-frames.ts';

// ---------------------------------------------------------------------------------------------
// Rules: concepts that meet only in a crisis

interface SentenceView {
  text: string;
  concepts: ReadonlySet<Concept>;
  story: boolean;
  past: boolean;
  otherSubject: boolean;
}

const has = (view: SentenceView, ...concepts: Concept[]) =>
  concepts.every((concept) => view.concepts.has(concept));
const any = (view: SentenceView, ...concepts: Concept[]) =>
  concepts.some((concept) => view.concepts.has(concept));
/** Whether a message's concepts hold any of these (the message-level rules). */
const holdsAny = (found: { has(concept: Concept): boolean }, ...concepts: Concept[]) =>
  concepts.some((concept) => found.has(concept));

/** First person, about now: the frames that keep a sentence about the writer's own state. */
const own = (view: SentenceView) =>
  !view.story && !view.past && (!view.otherSubject || FIRST_PERSON_CLAUSE.test(view.text));

const URGENCY: readonly CrisisCategory[] = [
  'suicide',
  'medical_emergency',
  'harm_to_others',
  'self_harm',
  'abuse',
  'eating',
];

/** Whether a specific (non-generic) concept is present in any of the sentences. */
export function hasRiskConcept(sentences: readonly string[]): boolean {
  return sentences.some((sentence) =>
    [...tagConcepts(sentence)].some((concept) => !GENERIC.has(concept)),
  );
}

type Rule = readonly [CrisisCategory, (view: SentenceView) => boolean];

const RULES: readonly Rule[] = [
  // suicide: a wish or plan to be dead or not exist; trapped with death; a burden; goodbyes
  ['suicide', (v) => own(v) && has(v, 'SELF_DEATH')],
  // something dangerous already swallowed needs an ambulance first
  ['medical_emergency', (v) => !v.story && has(v, 'INGEST_DANGER') && !HYPOTHETICAL.test(v.text)],
  // medical (batch 7): a wound still pumping blood; a rash that does not fade under a glass; a
  // person on the floor for hours who cannot get up
  ['medical_emergency', (v) => !v.story && !v.past && has(v, 'ARTERIAL')],
  ['medical_emergency', (v) => !v.story && !v.past && has(v, 'MENINGITIS_SIGN')],
  ['medical_emergency', (v) => !v.story && !v.past && any(v, 'LONG_LIE')],
  ['suicide', (v) => own(v) && any(v, 'WISH_DEATH', 'LIFE_NEGATION', 'FINALITY', 'MEANS_PREP')],
  ['suicide', (v) => own(v) && has(v, 'WISH', 'DEATH') && any(v, 'TRAPPED', 'BURDEN', 'GOODBYE')],
  ['suicide', (v) => own(v) && has(v, 'GOODBYE') && any(v, 'THANKS_ALL', 'FINALITY')],
  ['suicide', (v) => own(v) && has(v, 'PLAN') && any(v, 'DEATH', 'TRAPPED', 'MEANS', 'SELF_DEATH')],
  ['suicide', (v) => own(v) && has(v, 'WISH_END') && any(v, 'PERMANENT', 'TRAPPED', 'DEATH')],
  ['suicide', (v) => !v.story && has(v, 'METHOD')],
  [
    'suicide',
    (v) => own(v) && has(v, 'METHOD_ACT') && any(v, 'WISH', 'TRAPPED', 'PERMANENT', 'PLAN'),
  ],
  ['suicide', (v) => own(v) && has(v, 'EDGE', 'MEANS')],
  ['suicide', (v) => own(v) && has(v, 'FUTURE_ABSENCE')],
  ['suicide', (v) => !v.story && has(v, 'MEDS', 'ENOUGH_Q')],
  ['suicide', (v) => !v.story && has(v, 'METHOD_ACT', 'ENOUGH_Q')],
  [
    'suicide',
    (v) =>
      !v.story && has(v, 'MEDS', 'QUANTITY', 'AMOUNT_QUESTION') && !HYPOTHETICAL_CHILD.test(v.text),
  ],
  ['suicide', (v) => own(v) && has(v, 'BURDEN')],
  ['suicide', (v) => own(v) && has(v, 'TRAPPED') && any(v, 'DEATH', 'GOODBYE', 'MEANS')],
  ['suicide', (v) => own(v) && has(v, 'GOODBYE') && any(v, 'DEATH', 'TRAPPED', 'MEANS')],
  [
    'suicide',
    (v) => !v.story && has(v, 'MEDS', 'AMOUNT_QUESTION') && any(v, 'DEATH', 'SELF_DEATH'),
  ],
  ['suicide', (v) => own(v) && has(v, 'WANT_TAKE_LOTS')],
  [
    'suicide',
    (v) => has(v, 'AMOUNT_QUESTION') && any(v, 'DEATH', 'SELF_DEATH') && any(v, 'MEANS', 'SELF'),
  ],
  // medical emergency: something dangerous swallowed; symptoms that are happening now
  [
    'medical_emergency',
    (v) =>
      !v.story &&
      !v.past &&
      has(v, 'SYMPTOM', 'ACUTE') &&
      !HYPOTHETICAL.test(v.text) &&
      !ROUTINE_CAUSE.test(v.text),
  ],
  ['medical_emergency', (v) => !v.story && has(v, 'INGEST_ERROR') && !HYPOTHETICAL.test(v.text)],
  [
    'medical_emergency',
    (v) => !v.story && !v.past && has(v, 'HYPO') && any(v, 'WEAK_SYMPTOM', 'SYMPTOM'),
  ],
  // harm to others: intent or a weapon, a violent act and another person
  [
    'harm_to_others',
    (v) => !v.story && has(v, 'SMOTHER') && any(v, 'CHILD', 'SELF_FEAR', 'ANGER', 'I_VIOLENT'),
  ],
  [
    'harm_to_others',
    (v) =>
      !v.story && has(v, 'POISON_OTHER') && any(v, 'AMOUNT_QUESTION', 'MEANS', 'INTENT', 'WEAPON'),
  ],
  [
    'harm_to_others',
    (v) =>
      !v.story &&
      !v.otherSubject &&
      has(v, 'I_VIOLENT', 'VIOLENCE', 'TARGET') &&
      any(v, 'INTENT', 'WEAPON', 'ANGER', 'MEAN_IT'),
  ],
  [
    'harm_to_others',
    (v) => !v.story && has(v, 'REVENGE') && any(v, 'I_VIOLENT', 'STALK', 'POISON_OTHER', 'WEAPON'),
  ],
  // self-harm: an act of injury on one's own body, with a motive or a hiding
  ['self_harm', (v) => own(v) && has(v, 'SH_ACT', 'BODY', 'SH_MOTIVE')],
  ['self_harm', (v) => own(v) && has(v, 'INJURY', 'ON_PURPOSE')],
  ['self_harm', (v) => own(v) && has(v, 'SH_KIT')],
  [
    'self_harm',
    (v) =>
      own(v) &&
      any(v, 'SH_RELAPSE', 'SH_HIDE', 'SH_TOOLS_OWN', 'SH_BLADE_AGAIN') &&
      !SHAVING.test(v.text),
  ],
  ['self_harm', (v) => !v.story && has(v, 'SH_EVIDENCE', 'CONCEAL')],
  ['self_harm', (v) => own(v) && has(v, 'RELIEF_ONLY', 'PAIN_FELT') && !ROUTINE_CAUSE.test(v.text)],
  // a mark made with a tool no accident uses, asked about healing or "for a friend"
  [
    'self_harm',
    (v) => !v.story && has(v, 'SELF_INFLICTED_MARK') && any(v, 'WOUND_CARE', 'FOR_A_FRIEND'),
  ],
  ['self_harm', (v) => !v.story && !v.past && has(v, 'SH_GERUND', 'WOUND_CARE') && !v.otherSubject],
  // abuse: violence, threats, fear or control from someone close; a child neglected
  ['abuse', (v) => !v.story && !v.past && has(v, 'HURT_ME') && any(v, 'KIN', 'CHILD')],
  ['abuse', (v) => !v.story && has(v, 'KIN', 'THREAT') && any(v, 'FEAR', 'CONTROL', 'HURT_ME')],
  [
    'abuse',
    (v) =>
      !v.story && has(v, 'SELF', 'KIN', 'FEAR') && any(v, 'CONTROL', 'ANGER', 'HURT_ME', 'THREAT'),
  ],
  ['abuse', (v) => !v.story && has(v, 'SELF', 'KIN', 'CONTROL')],
  ['abuse', (v) => !v.story && !v.past && has(v, 'CHILD', 'NEGLECT')],
  ['abuse', (v) => !v.story && !v.past && has(v, 'VULNERABLE', 'NEGLECT')],
  ['abuse', (v) => !v.story && any(v, 'TOUCH_ABUSE', 'SEX_COERCION', 'INJURY_EXCUSE')],
  [
    'abuse',
    (v) => !v.story && has(v, 'KIN', 'SEXUAL', 'SELF') && any(v, 'FEAR', 'THREAT', 'CHILD'),
  ],
  // eating: restriction or purging, with guilt, body hatred or a long stretch
  [
    'eating',
    (v) =>
      own(v) &&
      has(v, 'FOOD', 'RESTRICT') &&
      any(v, 'BODY_HATE', 'FOOD_GUILT', 'DURATION', 'PURGE') &&
      !has(v, 'ROUTINE_FAST'),
  ],
  ['eating', (v) => own(v) && has(v, 'PURGE') && any(v, 'FOOD', 'BODY_HATE')],
  ['eating', (v) => own(v) && has(v, 'COMPENSATE', 'FOOD') && !has(v, 'ROUTINE_FAST')],
  ['eating', (v) => own(v) && any(v, 'MEAL_RESTRICT', 'FOOD_CONCEAL') && !has(v, 'ROUTINE_FAST')],
  [
    'eating',
    (v) => own(v) && has(v, 'ED_SIGNS') && any(v, 'THIN_PRIDE', 'BODY_HATE', 'FOOD', 'PURGE'),
  ],
  ['eating', (v) => own(v) && lowWeightTarget(v.text)],
  ['eating', (v) => own(v) && any(v, 'SAFE_FOODS', 'WEIGHT_CONCEAL')],
  ['eating', (v) => own(v) && has(v, 'HUNGER_SUPPRESS') && any(v, 'LOW_CAL', 'RESTRICT')],
  ['eating', (v) => own(v) && has(v, 'PURGE_OUT') && any(v, 'FOOD', 'BODY_HATE')],
  ['eating', (v) => own(v) && has(v, 'ED_SIGNS', 'GOAL_WEIGHT')],
  // a child who swallowed a medicine or a household product needs help now
  ['medical_emergency', (v) => !v.story && has(v, 'CHILD_INGEST') && !HYPOTHETICAL.test(v.text)],
  // a harm dressed as an accident, or a body never found, with someone in mind
  [
    'harm_to_others',
    (v) =>
      !v.story && has(v, 'COVER_UP_HARM') && any(v, 'TARGET', 'KIN', 'GRIEVANCE', 'POISON_OTHER'),
  ],
  // a weigh-in fooled is the writer's own whoever weighs them (a nurse is no story here)
  ['eating', (v) => !v.past && has(v, 'WEIGH_IN_TRICK')],
  // batch 7's families, one sentence: a vehicle, acid or a sabotaged car aimed at someone; how
  // hard a blow must be (a "hypothetically" frames nothing here, a sport or a story does)
  [
    'harm_to_others',
    (v) => !v.story && !v.past && has(v, 'VEHICLE_HARM') && any(v, 'INTENT', 'WISH', 'ANGER'),
  ],
  ['harm_to_others', (v) => has(v, 'HARM_HOW_Q') && !SPORT_OR_FICTION.test(v.text)],
  ['harm_to_others', (v) => !v.story && has(v, 'SABOTAGE') && any(v, 'COVER_UP_HARM', 'GRIEVANCE')],
  [
    'harm_to_others',
    (v) => !v.story && !v.past && has(v, 'POISON_PLAN') && any(v, 'INTENT', 'WISH', 'BOUGHT_IT'),
  ],
  // a person followed or watched in secret; a bare "done with it all"; lingering over a drop;
  // food earned by exercise; tired of everything and wanting it to stop; "what's the point"
  ['harm_to_others', (v) => !v.story && !v.past && has(v, 'SURVEIL')],
  ['suicide', (v) => own(v) && any(v, 'BARE_DONE', 'POINTLESS_END')],
  ['suicide', (v) => own(v) && has(v, 'LINGER_DROP') && HEIGHT_PLACE.test(v.text)],
  ['suicide', (v) => own(v) && has(v, 'WANT_STOP_ALL', 'TRAPPED')],
  ['eating', (v) => own(v) && has(v, 'EARN_FOOD')],
  // self-harm: the lines seen for calm, the skin as a diary, a burn held to quiet the head
  ['self_harm', (v) => own(v) && has(v, 'SH_SIGHT') && CALM_WORD.test(v.text)],
  ['self_harm', (v) => own(v) && any(v, 'SKIN_RECORD', 'BURN_SELF')],
  [
    'self_harm',
    (v) =>
      own(v) &&
      has(v, 'ON_PURPOSE') &&
      (any(v, 'WOUND_CARE', 'BANDAGE_NEED') || WOUND_CLOSE.test(v.text)),
  ],
  // eating: insulin skipped for weight; never eating again
  ['eating', (v) => own(v) && has(v, 'INSULIN_OMIT')],
];

/** A goal weight or BMI no one should be coached towards. */
function lowWeightTarget(text: string): boolean {
  const weight =
    /\b(?:goal|target|dream|ideal|aim|get (?:down )?to|reach|be|weigh|down to|under|below)(?: weight)?(?: is| of)? (\d{2,3}) ?(kg|kilos?|lbs?|pounds)\b/.exec(
      text,
    );
  if (weight?.[1]) {
    const value = Number(weight[1]);
    if (weight[2]?.startsWith('k') ? value < 42 : value < 92) return true;
  }
  const bmi = /\bbmi (?:\w+ ){0,3}(\d{1,2})\b/.exec(text);
  return bmi?.[1] !== undefined && Number(bmi[1]) < 17 && Number(bmi[1]) > 5;
}

const STRICT_WEAPON =
  /\b(?:gun|guns|shotgun|rifle|pistol|firearm|ammo|ammunition|knife|knifes|knives|machete|axe|crossbow|gun cabinet|glock|ar ?15|ak ?47|9mm|revolver|handgun|shank|switchblade)\b/;
/** A count of what was saved up: "I know exactly how many I have". */
const COUNTED = /\b(?:know (?:exactly )?how many|counted (?:them|out|up)|(?:is|are|have) enough)\b/;
const CONDITIONAL_ON_THEM =
  /\bif (?:my \w+|he|she|they) (?:\w+ ){0,3}(?:goes|go|leaves|leave|tells|tell|does|do|says|say|takes|take|divorces?|reports?|shows?|comes?|turns?)\b/;

/**
 * Rules over the whole message (the concepts of every sentence outside a story frame together),
 * for thoughts spread over several sentences: a weapon in one, a grievance in the next.
 */
const MESSAGE_RULES: ReadonlyArray<
  readonly [CrisisCategory, (all: ConceptSet, text: string) => boolean]
> = [
  [
    'suicide',
    (c) =>
      c.has('SELF') &&
      c.has('DECIDED') &&
      holdsAny(c, 'LAST_CONTACT', 'PLAN', 'GOODBYE', 'FINALITY'),
  ],
  [
    'suicide',
    (c) => c.has('SELF') && c.has('LAST_CONTACT') && holdsAny(c, 'FINALITY', 'PLAN', 'GOODBYE'),
  ],
  [
    'suicide',
    (c) => c.has('HEIGHT_SEARCH') && holdsAny(c, 'AMOUNT_QUESTION', 'DEATH', 'SELF_DEATH'),
  ],
  [
    'harm_to_others',
    (c, text) =>
      STRICT_WEAPON.test(text) &&
      !c.has('JOKE') &&
      holdsAny(c, 'GRIEVANCE', 'STALK', 'MEAN_IT', 'SELF_FEAR', 'PAY_THREAT'),
  ],
  ['self_harm', (c) => c.has('SELF') && c.has('INJURY') && c.has('ON_PURPOSE')],
  [
    'suicide',
    (c) =>
      c.has('SELF') &&
      holdsAny(c, 'GIVE_AWAY', 'SETTLING') &&
      ['LOOSE_ENDS', 'FINALITY', 'DECIDED', 'SETTLING', 'GOODBYE'].filter((k) =>
        c.has(k as Concept),
      ).length >= 1 &&
      (c.has('LOOSE_ENDS') ||
        c.has('FINALITY') ||
        c.has('DECIDED') ||
        (c.has('SETTLING') && c.has('GIVE_AWAY'))),
  ],
  [
    'suicide',
    (c) =>
      c.has('SELF') &&
      (c.has('DONE') || c.has('DECIDED')) &&
      ['GOODBYE', 'FINALITY', 'LAST_CONTACT', 'TRAPPED', 'BURDEN', 'LOOSE_ENDS'].some((k) =>
        c.has(k as Concept),
      ),
  ],
  ['suicide', (c) => c.has('MEDS') && c.has('ENOUGH_Q') && c.has('QUANTITY')],
  ['suicide', (c) => c.has('SELF') && c.has('FINALITY')],
  ['self_harm', (c) => c.has('SELF') && c.has('SH_KIT')],
  ['abuse', (c) => holdsAny(c, 'CHILD', 'VULNERABLE') && c.has('NEGLECT')],
  [
    'harm_to_others',
    (c) => c.has('PAY_THREAT') && holdsAny(c, 'GRIEVANCE', 'WEAPON_BRING', 'STALK', 'MEAN_IT'),
  ],
  [
    'harm_to_others',
    (c, text) =>
      c.has('WEAPON_BRING') &&
      (c.has('MEAN_IT') || CONDITIONAL_ON_THEM.test(text) || c.has('GRIEVANCE')),
  ],
  ['harm_to_others', (c) => c.has('SELF_FEAR') && holdsAny(c, 'CHILD', 'SMOTHER', 'VIOLENCE')],
  [
    'harm_to_others',
    (c, text) => c.has('OTHER_DOOM') && (c.has('MEAN_IT') || CONDITIONAL_ON_THEM.test(text)),
  ],
  [
    'abuse',
    (c) =>
      c.has('KIN') &&
      ['ESCAPE', 'THREAT', 'CONTROL', 'FEAR', 'HURT_ME'].filter((k) => c.has(k as Concept))
        .length >= 2 &&
      holdsAny(c, 'ESCAPE', 'THREAT', 'CONTROL', 'HURT_ME'),
  ],
  // a reckoning promised, with a means, a watch kept on the person or a wrong to settle
  [
    'harm_to_others',
    (c, text) =>
      c.has('REVENGE') &&
      (STRICT_WEAPON.test(text) ||
        ['STALK', 'POISON_OTHER', 'GRIEVANCE', 'WEAPON_BRING', 'PAY_THREAT'].some((k) =>
          c.has(k as Concept),
        )),
  ],
  [
    'harm_to_others',
    (c) =>
      holdsAny(c, 'STALK', 'POISON_OTHER') && holdsAny(c, 'GRIEVANCE', 'MEAN_IT', 'PAY_THREAT'),
  ],
  // days of only a drink, with dizziness or the scale watched
  [
    'eating',
    (c) =>
      c.has('SELF') &&
      c.has('FAST_DAYS') &&
      holdsAny(c, 'WEAK_SYMPTOM', 'WEIGHT_PROGRESS', 'BODY_HATE') &&
      !c.has('ROUTINE_FAST'),
  ],
  // a day's medicine count far above any dose, and feeling ill
  ['medical_emergency', (c) => c.has('MEDS') && c.has('DOSE_COUNT') && c.has('WEAK_SYMPTOM')],
  ['abuse', (c) => c.has('COVER_STORY') && (c.has('REAL_CAUSE') || c.has('INJURY_EXCUSE'))],
  // grooming: a secret kept with an adult who gets a child alone, or a minor and an adult
  [
    'abuse',
    (c) =>
      (c.has('GROOM_SECRET') && c.has('GET_ME_ALONE')) ||
      ((c.has('MINOR_GAP') || c.has('MINOR')) && holdsAny(c, 'GROOM_SECRET', 'GET_ME_ALONE')),
  ],
  // self-harm: wound supplies as a routine; a streak broken with pain the only relief
  [
    'self_harm',
    (c) => c.has('SELF') && c.has('SH_SUPPLIES') && c.has('ROUTINE_REPEAT') && !c.has('CHILD'),
  ],
  ['self_harm', (c) => c.has('STREAK_BROKEN') && holdsAny(c, 'RELIEF_ONLY', 'PAIN_FELT')],
  ['self_harm', (c) => c.has('SELF_INFLICTED_MARK') && c.has('FOR_A_FRIEND')],
  ['self_harm', (c) => c.has('SH_EVIDENCE') && c.has('CONCEAL')],
  // eating: a binge then the usual fix; a long fast with fainting; how far hunger can be pushed
  ['eating', (c, text) => c.has('BINGE') && c.has('UNDO_IT') && !EXERCISE.test(text)],
  [
    'eating',
    (c) => c.has('LONG_FAST') && holdsAny(c, 'WEAK_SYMPTOM', 'WEIGHT_PROGRESS', 'GOAL_WEIGHT'),
  ],
  [
    'eating',
    (c) => c.has('SELF') && c.has('STARVE_LIMIT') && (c.has('FAST_DAYS') || c.has('WISH')),
  ],
  // abuse: staying away from home, with drink or an injury from someone there
  ['abuse', (c) => c.has('AVOID_HOME') && holdsAny(c, 'INJURY_BEFORE', 'HURT_ME', 'ANGER', 'FEAR')],
  // suicide: what is handed over or written for afterwards, "once I've done it"
  [
    'suicide',
    (c) =>
      c.has('SELF') &&
      c.has('AFTER_IT') &&
      ['HANDOVER', 'GOODBYE', 'FINALITY', 'SETTLING', 'WILL_SORT', 'BLAMELESS'].some((k) =>
        c.has(k as Concept),
      ),
  ],
  [
    'suicide',
    (c) =>
      c.has('SELF') &&
      c.has('WILL_SORT') &&
      holdsAny(c, 'NO_NEED_AFTER', 'LOOSE_ENDS', 'DECIDED', 'FINALITY'),
  ],
  ['suicide', (c) => c.has('SELF') && c.has('HANDOVER') && c.has('BLAMELESS')],
  // a decision made and a gun readied or a place picked ("calm now that I've decided. Picked a
  // spot in the woods"), not a decision to do something
  [
    'suicide',
    (c, text) =>
      c.has('SELF') &&
      holdsAny(c, 'DECIDED', 'CALM_DECISION') &&
      holdsAny(c, 'GUN_READIED', 'PLACE_PICKED') &&
      !DECISION_OBJECT.test(text) &&
      !/\bdecided (?:to|on|that|which|what|where)\b/.test(text),
  ],
  // a vow of what happens next time someone at home is hurt, with a weapon kept at hand
  [
    'harm_to_others',
    (c, text) => c.has('VOW_HARM') && (c.has('WEAPON_AT_HAND') || STRICT_WEAPON.test(text)),
  ],
  // affairs put in order one by one, and the day named: "sorted my will, paid off the card, the
  // cat's going to the neighbour. tomorrow's the day"
  [
    'suicide',
    (c) =>
      c.has('SELF') &&
      c.has('DAY_SET') &&
      ['WILL_SORT', 'DEBTS_CLEARED', 'PET_REHOMED', 'SETTLING', 'GIVE_AWAY'].filter((k) =>
        c.has(k as Concept),
      ).length >= 2,
  ],
  ['harm_to_others', (c) => c.has('COVER_UP_HARM') && c.has('GRIEVANCE')],
  // fire set to someone's property or their animal hurt, with a wrong to settle or a reckoning
  [
    'harm_to_others',
    (c, text) =>
      holdsAny(c, 'ARSON', 'PET_HARM') &&
      (['GRIEVANCE', 'REVENGE', 'PAY_THREAT', 'MEAN_IT', 'STALK'].some((k) =>
        c.has(k as Concept),
      ) ||
        CONDITIONAL_ON_THEM.test(text)),
  ],
  // an attack planned for fame, or a reckoning prepared for with practice, a list or restraints
  [
    'harm_to_others',
    (c, text) =>
      (c.has('INFAMY') &&
        (c.has('ATTACK_PREP') || c.has('WEAPON_BRING') || STRICT_WEAPON.test(text))) ||
      (c.has('ATTACK_PREP') && holdsAny(c, 'REVENGE', 'PAY_THREAT', 'GRIEVANCE')),
  ],
  // suicide: how lethal a fall is, medicines saved up and counted, a payout on a deliberate death
  ['suicide', (c) => c.has('LETHAL_Q')],
  [
    'suicide',
    (c, text) => c.has('STOCKPILE') && (COUNTED.test(text) || /\bstopped taking\b/.test(text)),
  ],
  ['suicide', (c) => c.has('INSURED_DEATH')],
  // self-harm: marks owned as one's own doing; the urge now, with the kit out
  ['self_harm', (c) => c.has('SELF_MADE')],
  [
    'self_harm',
    (c) => c.has('URGE_NOW') && (c.has('KIT_OUT') || c.has('SH_KIT')) && !c.has('FOOD'),
  ],
  // abuse: an elder's money held by someone; keeping the peace so there is no violence
  ['abuse', (c) => c.has('FIN_ABUSE') && holdsAny(c, 'VULNERABLE', 'KIN')],
  ['abuse', (c) => c.has('APPEASE')],
  // medical: a blow to the head, then confusion or vomiting; a heart attack's signs
  ['medical_emergency', (c) => holdsAny(c, 'HEAD_BLOW', 'CARDIAC', 'INFECTED')],
  // harm to others: someone's death wished, by the one who makes their food or drink
  ['harm_to_others', (c) => c.has('OTHER_GONE') && c.has('ACCESS_TO')],
  // lingering at a height: how easy it would be
  ['suicide', (c, text) => c.has('SELF') && c.has('EASY') && HEIGHT_PLACE.test(text)],
  // batch 7's families over a message: each a sign beside a second one
  // harm to others: a weapon taken where the person will be, with a wrong or a reckoning
  [
    'harm_to_others',
    (c, text) =>
      c.has('WEAPON_BRING') &&
      !c.has('JOKE') &&
      (holdsAny(c, 'GRIEVANCE', 'REVENGE', 'RECKONING') ||
        /\b(?:revenge|get back at|get even)\b/.test(text)),
  ],
  // fuel, acid or "something in my bag" with a reckoning, a wrong or the person's whereabouts
  [
    'harm_to_others',
    (c) =>
      holdsAny(c, 'FUEL_HELD', 'CORROSIVE', 'MEANS_READY') &&
      ['RECKONING', 'GRIEVANCE', 'REVENGE', 'PAY_THREAT', 'WHEREABOUTS'].some((k) =>
        c.has(k as Concept),
      ),
  ],
  [
    'harm_to_others',
    (c, text) =>
      c.has('MEANS_READY') &&
      /\b(?:watch|watching|see|seeing|make|making) (?:him|her|them) (?:suffer|bleed|pay|hurt)\b/.test(
        text,
      ) &&
      holdsAny(c, 'TARGET', 'KIN'),
  ],
  [
    'harm_to_others',
    (c, text) =>
      c.has('RECKONING') &&
      (c.has('WHEREABOUTS') || c.has('STALK')) &&
      !SPORT_OR_FICTION.test(text) &&
      !ROUTINE_CAUSE_WORDS.test(text),
  ],
  // a person made to disappear for good, or never to hurt anyone again, permanently
  [
    'harm_to_others',
    (c) =>
      c.has('DISAPPEAR_OTHER') &&
      holdsAny(c, 'DIG', 'PERMANENT', 'COVER_UP_HARM', 'WEAPON', 'GRIEVANCE'),
  ],
  [
    'harm_to_others',
    (c) => c.has('HARM_NEVER_AGAIN') && holdsAny(c, 'PERMANENT', 'WHEREABOUTS', 'STALK'),
  ],
  // a sleeping dependant smothered "and no one would know"; a named person wished not to see a day
  [
    'harm_to_others',
    (c) => c.has('SMOTHER') && c.has('UNNOTICED_END') && holdsAny(c, 'KIN', 'VULNERABLE', 'CHILD'),
  ],
  ['harm_to_others', (c) => c.has('OTHER_GONE') && !c.has('JOKE')],
  // self-harm: a wound kept from questions; a relapse with the blades or a goal to stop; the
  // hob to quiet the head; sleeves in the heat "you know why"; incidents that needed bandaging;
  // an excuse worn thin
  [
    'self_harm',
    (c) =>
      c.has('AVOID_QUESTIONS') &&
      holdsAny(c, 'INJURY', 'BANDAGE_NEED') &&
      !c.has('CHILD') &&
      !c.has('FOOD'),
  ],
  [
    'self_harm',
    (c, text) =>
      c.has('RELAPSE_MARK') && (c.has('SH_GOAL') || (c.has('SH_BLADE') && !SHAVING.test(text))),
  ],
  ['self_harm', (c) => c.has('SH_GOAL') && c.has('INJURY') && c.has('WOUND_CARE')],
  [
    'self_harm',
    (c, text) =>
      c.has('HEAT_COVER') &&
      c.has('KNOW_WHY') &&
      !/\b(?:sunburn\w*|sun|eczema|psoriasis|rash|allerg\w*|mosquito\w*|midges|ticks|fair skin|pale skin)\b/.test(
        text,
      ),
  ],
  [
    'self_harm',
    (c, text) =>
      c.has('SELF') &&
      c.has('BANDAGE_NEED') &&
      c.has('INCIDENT_COUNT') &&
      !SPORT_OR_FICTION.test(text),
  ],
  [
    'self_harm',
    (c, text) => c.has('COVER_STORY') && c.has('STICK_EXCUSE') && SCRATCH_EXCUSE.test(text),
  ],
  ['abuse', (c) => c.has('COVER_STORY') && c.has('STICK_EXCUSE')],
  // eating: a meal faked at the table; days on water asked for a goal; days of nothing with hair
  // loss or the scale; the bathroom after eating; near a goal weight with the body failing;
  // never having to eat again on almost nothing; safe foods of almost nothing
  [
    'eating',
    (c) => c.has('SELF') && c.has('STARVE_LIMIT') && c.has('DIET_GOAL') && !c.has('ROUTINE_FAST'),
  ],
  [
    'eating',
    (c) =>
      c.has('NOTHING_DAYS') &&
      ['ED_SIGNS', 'WEIGHT_PROGRESS', 'GOAL_WEIGHT', 'WEAK_SYMPTOM', 'BODY_WARN'].some((k) =>
        c.has(k as Concept),
      ) &&
      !c.has('ROUTINE_FAST'),
  ],
  [
    'eating',
    (c) =>
      c.has('SELF') &&
      c.has('BATHROOM_AFTER') &&
      holdsAny(c, 'UNDO_IT', 'SLIP_EAT', 'FOOD_GUILT', 'PURGE_OUT'),
  ],
  ['eating', (c) => c.has('SLIP_EAT') && c.has('UNDO_IT')],
  [
    'eating',
    (c, text) =>
      c.has('NEAR_GOAL') &&
      holdsAny(c, 'BODY_WARN', 'WEAK_SYMPTOM', 'ED_SIGNS') &&
      !ROUTINE_CAUSE_WORDS.test(text),
  ],
  [
    'eating',
    (c) =>
      c.has('NEVER_EAT') &&
      ['ONE_ITEM_DAY', 'MEAL_RESTRICT', 'RESTRICT', 'BODY_HATE', 'GOAL_WEIGHT'].some((k) =>
        c.has(k as Concept),
      ),
  ],
  [
    'eating',
    (c) =>
      c.has('ONE_ITEM_DAY') &&
      holdsAny(c, 'BODY_HATE', 'GOAL_WEIGHT', 'WEIGHT_PROGRESS', 'DIET_GOAL'),
  ],
  [
    'eating',
    (c, text) => c.has('SELF') && c.has('SAFE_LIST') && TINY_FOODS.test(text) && !c.has('CHILD'),
  ],
  // abuse: check-ins demanded under a scary mood; a chat hidden from a partner; marks after a
  // parent's weekend and silence; an allowance with receipts; secrets kept with an adult;
  // a minor asked for secrecy by an adult who messages at night; leaving safely as it escalates
  ['abuse', (c, text) => c.has('CHECKIN_DEMAND') && c.has('SCARY_MOOD') && PARTNER_WORD.test(text)],
  ['abuse', (c) => c.has('HIDE_FROM_PARTNER')],
  // a day planned so he does not find out, beside his control of the money or the phone
  [
    'abuse',
    (c, text) =>
      (c.has('CONTROL') || /\bpack (?:a|my|our) (?:bag|bags|suitcase|things)\b/.test(text)) &&
      HIDING_FROM_HIM.test(text),
  ],
  ['abuse', (c) => c.has('CHILD_MARKS') && c.has('CHILD_SILENT')],
  ['abuse', (c, text) => c.has('RECEIPT_CHECK') && c.has('MONEY_DOLE') && PARTNER_WORD.test(text)],
  [
    'abuse',
    (c) =>
      c.has('SECRET_KEEPING') &&
      (c.has('SPECIAL_GAME') || c.has('SEXUAL')) &&
      holdsAny(c, 'KIN', 'ADULT_CONTACT', 'MINOR', 'CHILD'),
  ],
  [
    'abuse',
    (c) =>
      (c.has('SECRET_KEEPING') || c.has('GROOM_SECRET')) &&
      c.has('ADULT_CONTACT') &&
      holdsAny(c, 'MINOR', 'MINOR_GAP', 'CHILD'),
  ],
  [
    'abuse',
    (c) =>
      c.has('LEAVE_SAFELY') && holdsAny(c, 'ESCALATING', 'FEAR', 'HURT_ME', 'THREAT', 'CONTROL'),
  ],
  // medical: a child and someone's medicine missing from its box; a head blow, sick and forgetting
  [
    'medical_emergency',
    (c) => c.has('MEDS') && c.has('MEDS_MISSING') && holdsAny(c, 'CHILD', 'VULNERABLE'),
  ],
  // suicide: a way out of the pain found, nothing mattering tomorrow, a calm decision with an
  // apology for the trouble
  [
    'suicide',
    (c) =>
      c.has('WAY_OUT_FOUND') &&
      ['NOTHING_MATTERS_SOON', 'DECIDED', 'CALM_DECISION', 'GOODBYE', 'FINALITY', 'TRAPPED'].some(
        (k) => c.has(k as Concept),
      ),
  ],
  [
    'suicide',
    (c) =>
      c.has('NOTHING_MATTERS_SOON') &&
      ['CALM_DECISION', 'DECIDED', 'GOODBYE', 'APOLOGY_BURDEN', 'BURDEN', 'TRAPPED'].some((k) =>
        c.has(k as Concept),
      ),
  ],
  [
    'suicide',
    (c, text) =>
      c.has('CALM_DECISION') &&
      !DECISION_OBJECT.test(text) &&
      ['APOLOGY_BURDEN', 'BURDEN', 'GOODBYE', 'THANKS_ALL', 'TRAPPED', 'FINALITY'].some((k) =>
        c.has(k as Concept),
      ),
  ],
];

/** What keeps a question about a blow or a count of injuries ordinary: a sport or a story. */
const SPORT_OR_FICTION =
  /\b(?:bjj|jiu jitsu|jujitsu|mma|boxing|boxer|sparring|judo|wrestling|karate|taekwondo|kickboxing|muay thai|self defen[cs]e|martial arts?|rugby|football|hockey|match|team|players?|squad|season|novel|story|film|script|character|game|fight scene|choreograph\w*)\b/;

/** What closes a wound: asked about for one made on purpose. */
const WOUND_CLOSE =
  /\b(?:steri strips|butterfly (?:stitches|strips|closures)|stitches|bandag\w*|dressings?|gauze|skin glue|super glue|close (?:it|the (?:wound|cut|gap)|something))\b/;

/** A sight that calms: what the lines are seen for. */
const CALM_WORD =
  /\b(?:calm|calmer|relief|relieved|release|better|okay|ok|quiet|peace|peaceful|relax\w*|breathe)\b/;

/** An excuse for marks a blade would leave, worn thin: a fence, the cat, a bramble. */
const SCRATCH_EXCUSE =
  /\b(?:fence|fences|cat|cats|bramble|brambles|thorns?|rose bush|barbed wire|paper|glass|scratch\w*)\b/;

/** Everyday reasons for a racing heart or shakes near a weight goal: a run, a lift. */
const ROUTINE_CAUSE_WORDS =
  /\b(?:run|running|gym|workout|lifting|training|weigh in|fight|meet|competition|bout|cut for|leg day|boxing)\b/;

/** Foods that are almost nothing: a safe list made only of them. */
const TINY_FOODS =
  /\b(?:cucumber|lettuce|celery|diet coke|coke zero|pepsi max|ice|gum|black coffee|broth|water|sparkling water|mints?)\b/;

/** A decision with an everyday object: a race, a job, a move. */
const DECISION_OBJECT =
  /\b(?:marathon|race|job|course|move|moving|wedding|house|flat|degree|uni|college|offer|holiday|trip|career|diet|gym|training|business)\b/;

/** A day planned around someone not finding out: "without him finding out", "before he gets home". */
const HIDING_FROM_HIM =
  /\b(?:without (?:him|her) (?:finding out|knowing|noticing|seeing)|before (?:he|she) (?:gets home|finds out|notices))\b/;

const PARTNER_WORD =
  /\b(?:partner|husband|wife|boyfriend|girlfriend|fiance|fiancee|bf|gf|other half)\b/;

/** Shaving: what a razor is for when nothing else is said. */
const SHAVING = /\b(?:shav\w*|beard|stubble|armpits?|bikini line)\b/;

/** Exercise named as the way to make up for a meal: ordinary unless something else is said. */
const EXERCISE = /\b(?:run|running|walk|walking|gym|workout|swim|cycle|cycling|hike|class)\b/;

/** A place to fall from, or looking down from one. */
const HEIGHT_PLACE =
  /\b(?:bridge|roof|rooftop|ledge|balcony|cliff|cliffs|platform|tracks|top floor|multi storey|car park|tower|train line|train tracks|railway|railway line|level crossing|look(?:ing|ed)? down|stare down|staring down)\b/;

/** What the message rules ask of a message's concepts. */
interface ConceptSet {
  has(concept: Concept): boolean;
}

/**
 * The concepts of a message of several sentences: those of each sentence, and those of the
 * sentences read together, looked for one concept at a time and only when a rule asks.
 */
class MessageConcepts implements ConceptSet {
  private readonly together = new Map<Concept, boolean>();
  /** The gate's reading of the whole text, made once for every concept asked about. */
  private possible: ArrayLike<number> | undefined;
  constructor(
    private readonly each: ReadonlySet<Concept>,
    private readonly text: string,
  ) {}

  has(concept: Concept): boolean {
    if (this.each.has(concept)) return true;
    let found = this.together.get(concept);
    if (found === undefined) {
      this.possible ??= CONCEPT_GATE.mayMatch(this.text);
      found = hasConcept(this.text, concept, this.possible);
      this.together.set(concept, found);
    }
    return found;
  }
}

function sentenceView(text: string, resolved: boolean): SentenceView {
  const past = PAST_FRAME.test(text) && !toldAsNow(text);
  const concepts = tagConcepts(text);
  return {
    text,
    concepts,
    story:
      (STORY_FRAME.test(text) &&
        !NOT_A_STORY.test(text) &&
        // sexual violence told of oneself is set aside only by a story named as such
        !(holdsAny(concepts, 'SEX_COERCION', 'TOUCH_ABUSE') && !strongFrame(text))) ||
      resolvedPast(text, resolved) ||
      (concepts.has('JOKE') && !OWN_DANGER.some((concept) => concepts.has(concept))),
    past,
    otherSubject: OTHER_SUBJECT.test(text),
  };
}

/**
 * The category the concept rules give one message, read sentence by sentence (each sentence
 * already normalised and cleared of idioms), most urgent first; null when no rule fires.
 */
export function conceptCategory(sentences: readonly string[]): CrisisCategory | null {
  const resolved = resolvedMessage(sentences);
  const views = sentences.filter((s) => s.length > 0).map((s) => sentenceView(s, resolved));
  const told = views.filter((view) => !view.story && !view.past);
  const byRule = RULES.find(([, rule]) => views.some(rule));
  const text = told.map((view) => view.text).join(' ');
  // the concepts of each sentence, and of the sentences read together (a phrase can span them);
  // the latter looked for only when a rule asks about a concept no sentence has on its own
  const each = new Set<Concept>(told.flatMap((view) => [...view.concepts]));
  if (told.some(own)) each.add('SELF');
  const all = told.length > 1 ? new MessageConcepts(each, text) : each;
  const byMessage = MESSAGE_RULES.find(([, rule]) => rule(all, text));
  const found = [byRule?.[0], byMessage?.[0]].filter((c): c is CrisisCategory => c !== undefined);
  if (followsLoss(views, told)) found.push('suicide');
  const first = found.sort((a, b) => URGENCY.indexOf(a) - URGENCY.indexOf(b))[0] ?? null;
  return first === 'suicide' && aimedAtOthers(views, told) ? 'harm_to_others' : first;
}

/**
 * Someone close lost to suicide, and the writer thinking of following them ("my dad took his own
 * life … I think about doing the same"; "… I'll be with him soon"), however long ago the loss.
 */
function followsLoss(views: readonly SentenceView[], told: readonly SentenceView[]): boolean {
  return (
    views.some((view) => namesOthersSuicide(view.text)) &&
    told.some((view) => view.concepts.has('FOLLOW_LOSS') && !view.otherSubject)
  );
}

/**
 * Whether a binge-and-purge habit explains the body's complaints ("i binge and purge every night
 * and now my hands shake"): an eating crisis, whose response still says to call for help if
 * faint, confused or with a racing heart. Not when a sign of collapse or bleeding is named.
 */
export function purgeHabitExplains(sentences: readonly string[]): boolean {
  const text = sentences.join(' ');
  return (
    sentences.some((s) => tagConcepts(s).has('PURGE')) &&
    PURGE_HABIT.test(text) &&
    !COLLAPSE_SIGN.test(text)
  );
}
const PURGE_HABIT =
  /\b(?:every (?:night|day|morning|evening|meal|time)|each (?:night|day)|daily|most (?:nights|days)|all the time|after every meal|for (?:weeks|months|years))\b/;
const COLLAPSE_SIGN =
  /\b(?:collaps\w*|unconscious|passed out|fainted|blacked out|blood|bleeding|cannot breathe|can not breathe|not breathing|seizure|fitting|will not wake|overdose|swallowed)\b/;

/** Whether any sentence names the writer's own death (read by the guard's combination). */
export function ownDeathNamed(sentences: readonly string[]): boolean {
  return sentences.some((sentence) => ownDeathIn(tagConcepts(sentence)));
}

/** Whether one sentence's concepts name the writer's own death ("going to jump" too). */
const ownDeathIn = (concepts: ReadonlySet<Concept>) =>
  SELF_DIRECTED.some((k) => concepts.has(k)) || (concepts.has('WISH') && concepts.has('MEANS'));

/**
 * A plan or method aimed at another person is harm to others, not suicide: "how I'd do it" after
 * "I want to stab my manager", a body never found. Suicide stays when the writer's own death is
 * named anywhere in the message.
 */
function aimedAtOthers(views: readonly SentenceView[], told: readonly SentenceView[]): boolean {
  if (told.some((v) => ownDeathIn(v.concepts))) return false;
  const text = told.map((v) => v.text).join(' ');
  return (
    RULES.some(([category, rule]) => category === 'harm_to_others' && views.some(rule)) ||
    MESSAGE_RULES.some(
      ([category, rule]) =>
        category === 'harm_to_others' &&
        rule(new MessageConcepts(new Set(told.flatMap((v) => [...v.concepts])), text), text),
    )
  );
}

/**
 * Whether the lexicon's suicide reading of a sentence rests only on a plan or method with no
 * object ("I've thought about exactly how I'd do it"), nothing of the writer's own death in it.
 */
export function objectlessPlan(sentence: string): boolean {
  const concepts = tagConcepts(sentence);
  return (concepts.has('PLAN') || concepts.has('METHOD')) && !ownDeathIn(concepts);
}
