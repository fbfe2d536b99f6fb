import type { CrisisCategory } from '#contracts/coach.ts';
import type { Concept } from './crisis-concept-phrases.ts';
import { OWN_DANGER, SUICIDAL } from './crisis-concept-sets.ts';
import { CHILD, KIN } from './crisis-concept-table.ts';
import { CONCEPT_GATE, tagConcepts } from './crisis-concept-tags.ts';

/**
 * The concept layer's frames (crisis-concepts.ts): sentences about something else, which the
 * rules, the lexicon and the model set aside: another person's story, the news, study or work,
 * a play, the past, a past told as settled, a hypothetical or first-aid question, a joke.
 */

/** Another person's story, the news, study or work: nothing in the sentence is the writer's. */
export const STORY_FRAME = CONCEPT_GATE.gated(
  /\b(?:novel|story|stories|book|books|film|films|movie|movies|series|show(?! up| (?:him|her|them|me|us|my|his|their)\b)|episode|character|characters|protagonist|villain|screenplay|script|fiction|documentary|podcast|article|articles|news|headline|headlines|essay|thesis|dissertation|research|study|studies|lecture|course|module|exam|training|trained|prevention|awareness|charity|charities|volunteer\w*|campaign|fundrais\w*|helpline|counsell?or|nurse|nursing|paramedic|ward|patients?|clients?|therapist|psychology|(?<!\b(?:special|secret|our|little) )game|games|gaming|level|boss fight|blog|history|museum|(?<!\b(?:to|at) (?:the |my |our |his |her )?(?:\w+ )?(?:school |nativity )?)play|poem|song|songs|lyrics|album|rap|true crime|murder mystery|detective|crime scene|dungeons|role play|quiz|(?<!\ba )lessons?|(?<!\bmy (?:pe|form|maths|math|english|science|history|geography|class|school) )teach\w*(?! (?:\w+ ){1,3}a lesson)|students?|pupils?|workshop|first aid|cpr|bls|certificate|how to (?:help|support|recognise|recognize|spot)|support (?:a|my) friend|signs of|symptoms of|what to do (?:if|when)|in case|hypothetically|just curious|for a (?:story|book|novel|film|class|project)|in (?:english|drama|history|literature|lit|re|religious studies|pshe|sociology|psychology|media studies|biology|chemistry|class|school) (?:today |this week |class |lessons? )?(?:we|they) (?:did|read|studied|are doing|were doing|learned|learnt|watched|covered|talked about|discussed|looked at|analysed|analyzed)|(?:we|i) (?:did|read|studied|are (?:doing|reading|studying)|were (?:doing|reading|studying)|watched|covered|analysed|analyzed) (?:\w+ ){1,6}in (?:english|drama|history|class|literature|lit|re))\b/,
);

/**
 * The past, told as past: "years ago", "a decade back", "back in 2019", "when I was a teenager",
 * "in my teens", "I used to", old scars.
 */
export const PAST_FRAME = CONCEPT_GATE.gated(
  /\b(?:(?:years?|decades?) ago|(?:(?:\d+|a|two|three|four|five|six|seven|eight|nine|ten|a few|some|many) )?(?:years?|decades?) back|when i was (?:younger|a (?:kid|child|teen|teenager|student)|little|at school|in (?:school|college|university)|in my (?:teens|twenties|20s)|\d+)|in my (?:early |mid |late )?(?:teens|twenties|20s|youth|school days|uni days|student days)|back in (?:(?:19|20)\d\d|the day|school|college|uni|university|my (?:teens|twenties|20s|school days|uni days|student days))|used to|in the past|as a (?:kid|child|teenager|teen)|recovered|recovery|in remission|(?:\d+|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty) years (?:clean|free|sober|well)|back then|growing up|survived|survivor|last (?:year|summer|winter|decade)|old scars)\b/,
);
/** The frames strong enough to set the lexicon aside: fiction, news and study by name. */
const STRONG_FRAME = CONCEPT_GATE.gated(
  /\b(?:novel|novels|story|stories|thriller|fiction|screenplay|script|school play|the play|a play|rehearsals?|on stage|cast as|acting class|drama class|character|characters|protagonist|villain|documentary|podcast|article|news|headline|essay|thesis|dissertation|(?:studying|revising|cramming) for|section on|chapter on|presentation on|presentation about|sociology|criminology|seminar|flashcards|lecture|module|coursework|textbook|nursing|murder mystery|true crime|video game|boss fight|poem|lyrics|detective|mystery|whodunn?it|nanowrimo|writing (?:a|my) _|i am an? (?:\w+ )?(?:paramedic|nurse|doctor|medic|firefighter|police officer|dispatcher|call handler|emt|midwife|surgeon|pharmacist|lifeguard|social worker|coroner|pathologist)|^(?:an? )?(?:paramedic|nurse|doctor|gp|medic|firefighter|police officer|cop|detective|dispatcher|call handler|emt|midwife|surgeon|pharmacist|lifeguard|social worker|coroner|pathologist|teacher|headteacher|youth worker|counsell?or|therapist|safeguarding lead) (?:here|by trade|on shift|spent|had|did|working)\b|safeguarding (?:training|course|session|module|lead|refresher)|first aid (?:course|training|class|session|refresher|certificate)|(?:spotting|recognising|recognizing) (?:the )?signs of|i work (?:as an?|in) (?:\w+ )?(?:paramedic|nurse|a and e|the er|emergency|ambulance|icu|intensive care)|(?:overdose|cardiac arrest|trauma) (?:calls|jobs|shouts)|(?:horror|slasher|action|war|crime|zombie) (?:film|films|movie|movies|series|show|game)|a scene (?:where|in which)|in (?:english|drama|history|literature|lit|re|religious studies|pshe|sociology|psychology|media studies|biology|chemistry|class|school) (?:today |this week |class |lessons? )?(?:we|they) (?:did|read|studied|are doing|were doing|learned|learnt|watched|covered|talked about|discussed|looked at|analysed|analyzed)|(?:we|i) (?:did|read|studied|are (?:doing|reading|studying)|were (?:doing|reading|studying)|watched|covered|analysed|analyzed) (?:\w+ ){1,6}in (?:english|drama|history|class|literature|lit|re))\b/,
);
export const NOT_A_STORY = CONCEPT_GATE.gated(
  /\b(?:not|nothing) (?:for|about) (?:a|the|my) (?:story|book|novel|project|class|essay)\b/,
);
/**
 * Words that say something is going on now: "again", "still", "it's back", a relapse. "Back" of
 * the past ("years back", "back in 2019", "back then") says nothing is.
 */
const STILL_NOW = CONCEPT_GATE.gated(
  /\b(?:again|still|right now|lately|recently|(?<!\b(?:years?|decades?|months?|while|way|ages|time) )back(?! (?:in (?:(?:19|20)\d\d|the day|school|college|uni|university|my)|then|when)\b)|relapse\w*|(?:until|till|since) (?:today|tonight|this week|yesterday|last night))\b/,
);
/** The day of telling, or of what happens now. */
const TODAY = CONCEPT_GATE.gated(/\b(?:today|tonight|this week)\b/);
const TONIGHT = CONCEPT_GATE.gated(/\btonight\b/);

/** Whether a sentence is told as now ("again", "still", "it's back", "today", "tonight"). */
export function toldAsNow(sentence: string): boolean {
  return STILL_NOW.test(sentence) || TODAY.test(sentence);
}

/**
 * Whether a sentence says something is going on now, for a past told as settled: as toldAsNow,
 * except that "today" or "this week" beside nothing but people, times and what is left of the
 * past is the day of telling ("my niece asked about my old scars today"; "we planted a tree for
 * him today"), not the danger back.
 */
export function stillGoingOn(sentence: string): boolean {
  if (STILL_NOW.test(sentence) || TONIGHT.test(sentence)) return true;
  return TODAY.test(sentence) && !onlySettling(sentence);
}

/** A question or plan about what might happen, not what is happening. */
export const HYPOTHETICAL = CONCEPT_GATE.gated(
  /\b(?:if|when|whether|in case|what happens|what would happen)\b/,
);

/** A parent asking what to do about a child's accident is a medical question, not a plan. */
export const HYPOTHETICAL_CHILD =
  /\b(?:my|a|the) (?:\w+ )?(?:child|kid|son|daughter|toddler|baby|dog|cat)\b/;

/** An everyday cause that explains a symptom (a swollen tongue after the dentist). */
export const ROUTINE_CAUSE = CONCEPT_GATE.gated(
  /\b(?:leg day|legs day|squats|lifting|brutal|sore|doms|dentist|filling|injection|jab|vaccine|piercing|tattoo|botox|wisdom tooth|hay fever|pollen|a cold|the flu|my period|doctor (?:said|says|checked)|was checked|diagnosed|physio|workout|training|run|running|gym|hike|climb)\b/,
);

/** Another person is the one at risk or acting ("my friend wants to die"). */
export const OTHER_SUBJECT = CONCEPT_GATE.gated(
  new RegExp(
    `^(?:(?:my|his|her|our|a|the) (?:\\w+ )?(?:${KIN}|${CHILD}|friend|friends|mate|mates|pal|bestie|best friend|flatmate|housemate|colleague|coworker|client|patient|student|neighbour|teammate|classmate|roommate|flatmate|dog|cat)|he|she|they|someone|somebody|people)\\b`,
  ),
);

/** A clause whose subject is the writer, even in a sentence that starts with someone else. */
export const FIRST_PERSON_CLAUSE = CONCEPT_GATE.gated(
  /\b(?:i (?:still |really |always |never |actually )?(?:am|was|would|will|have|had|feel|felt|want|just|do|did|can|could|should|keep|think|wish|hope|need|cannot|might|look)|myself|without me|if i|when i|once i)\b/,
);

/**
 * A joke or a figure of speech owned as one: "lol", a laughing face (read as "lol"), "not
 * literally", "it's a joke", and friends still friends after a threat in a game.
 */
const JOKING = CONCEPT_GATE.gated(
  /\b(?:haha\w*|lol|lmao|rofl|jk|just kidding|only joking|xd|not literally|(?:it is|it was|that is|that was) (?:just |only )?a joke|i am (?:just |only )?joking|still (?:best )?(?:friends|mates|besties|bffs|buddies|pals))\b/,
);

/**
 * Whether the lexicon should set a sentence aside: a story, study or work frame, or a joke, with
 * nothing in it about the writer's own life being in danger ("I'm writing a thriller where the
 * victim was poisoned", "I'm going to die on the stairs tomorrow haha").
 */
export function setAside(
  sentence: string,
  messageFramed = false,
  messageResolved = false,
): boolean {
  if (resolvedPast(sentence, messageResolved)) return true;
  const framed = messageFramed || (STRONG_FRAME.test(sentence) && !NOT_A_STORY.test(sentence));
  const joking = JOKING.test(sentence);
  if (!framed && !joking) return false;
  if (framed && IMITATION.test(sentence)) return false;
  const concepts = tagConcepts(framed ? withoutFrameTopic(sentence) : sentence);
  return !OWN_DANGER.some((concept) => concepts.has(concept));
}

/** What a story makes the writer want to do themselves: "now I want to do it again". */
const IMITATION = CONCEPT_GATE.gated(
  /\b(?:i|me) (?:\w+ ){0,2}(?:want|wanted|urge|tempted|need|going) to (?:do (?:it|that|the same)|try (?:it|that)|copy (?:it|her|him|them))(?: again| too| myself)?\b/,
);

/**
 * Something told as past and settled since ("left my abusive ex 5 years ago, now happily
 * married"; "an allergic reaction last year, all sorted now"), with nothing of it still going on
 * and no thought of the writer's own dying in it; or, in a message that says so, the sentence
 * that settles it ("I've been well for 8 years now"), with nothing else in it.
 */
export function resolvedPast(sentence: string, messageResolved: boolean): boolean {
  if (stillGoingOn(sentence)) return false;
  const settles = settled(sentence);
  if (toldAsPast(sentence)) {
    if (!messageResolved && !settles) return false;
    const concepts = writersConcepts(sentence);
    return !SUICIDAL.some((concept) => concepts.has(concept));
  }
  return settles && messageResolved && onlySettling(sentence);
}

/**
 * Whether a sentence holds nothing but people, times and what is left of a settled past (its
 * scars, pride in how far one has come), leaving out another person's loss or past.
 */
function onlySettling(sentence: string): boolean {
  const concepts = writersConcepts(sentence.replace(LEFT_OF_THE_PAST, ' '));
  return [...concepts].every((concept) => SETTLING_CONCEPTS.has(concept));
}

/**
 * Whether a sentence tells the past: a past frame ("years ago", "in my teens"), someone else's
 * death by suicide ("5 years since my dad's suicide"), or another person's crisis told in the
 * past tense with nothing of the writer's in it ("my friend told me she felt suicidal last month").
 */
function toldAsPast(sentence: string): boolean {
  return PAST_FRAME.test(sentence) || OTHERS_SUICIDE.test(sentence) || othersPastCrisis(sentence);
}

/** The concepts of what a sentence says of the writer: another person's loss or past left out. */
function writersConcepts(sentence: string): ReadonlySet<Concept> {
  if (othersPastCrisis(sentence)) return new Set<Concept>();
  return tagConcepts(
    OTHERS_SUICIDE.test(sentence) ? sentence.replace(OTHERS_SUICIDE_ALL, ' ') : sentence,
  );
}

/** Whether a sentence names someone else's death by suicide ("my dad's suicide"). */
export function namesOthersSuicide(sentence: string): boolean {
  return OTHERS_SUICIDE.test(sentence);
}

function othersPastCrisis(sentence: string): boolean {
  return (
    OTHER_SUBJECT.test(sentence) &&
    !FIRST_PERSON_CLAUSE.test(sentence) &&
    OTHERS_PAST_TENSE.test(sentence) &&
    !OTHERS_NOW.test(sentence)
  );
}

/** Another person's death by suicide, told as a loss ("my dad's suicide", "lost him to suicide"). */
const OTHERS_SUICIDE_SOURCE = `\\b(?:(?:my|our|his|her|their|a) (?:\\w+ )?(?:${KIN}|friend|mate|best friend|bestie|classmate|colleague|neighbour|teacher)s? (?:suicide|death)|lost (?:my|our|a|him|her|them) (?:\\w+ )?(?:(?:${KIN}|friend|mate|best friend|classmate|colleague) )?to suicide|(?:${KIN}|friend|mate|best friend|he|she|they) (?:died by suicide|died from suicide|took (?:his|her|their) own life|killed (?:himself|herself|themselves)))\\b`;
const OTHERS_SUICIDE = CONCEPT_GATE.gated(new RegExp(OTHERS_SUICIDE_SOURCE));
const OTHERS_SUICIDE_ALL = new RegExp(OTHERS_SUICIDE_SOURCE, 'g');

/** Another person's state told in the past tense ("she felt", "he went through", "they tried"). */
const OTHERS_PAST_TENSE = CONCEPT_GATE.gated(
  /\b(?:felt|was|were|had|went through|struggled|tried|attempted|used to|had been|got (?:really |very )?(?:low|bad|ill|unwell|dark))\b/,
);
/** …and not in the present ("she feels", "he is", "they want"). */
const OTHERS_NOW = CONCEPT_GATE.gated(
  /\b(?:is|are|feels|wants|keeps|has been|have been|says|said (?:she|he|they) (?:is|are|wants|feels|will))\b/,
);

/** What is left of a settled past, named with pride: scars, how far one has come. */
const LEFT_OF_THE_PAST = /\b(?:(?:my|the|old|her|his) )?(?:scars|marks)\b|\bproud\b/g;

/** The concepts a sentence that only settles the past may hold (a person, a time, what is left). */
const SETTLING_CONCEPTS: ReadonlySet<Concept> = new Set<Concept>([
  'SELF',
  'ACUTE',
  'KIN',
  'TARGET',
  'CHILD',
  'VULNERABLE',
  'PERMANENT',
  'DURATION',
  'AMOUNT_QUESTION',
  'INJURY',
  'WOUND_CARE',
  'BODY',
  'QUANTITY',
]);

/**
 * Whether a sentence says the past is settled, with no "but" after it ("I've been okay for years
 * but I don't want to be here without her anymore" settles nothing).
 */
function settled(sentence: string): boolean {
  if (!RESOLVED.test(sentence)) return false;
  const match = RESOLVED.pattern.exec(sentence);
  if (!match) return false;
  return !CONTRAST.test(sentence.slice(match.index + match[0].length));
}
const CONTRAST = /\b(?:but|except|though|although|yet|until|apart from)\b/;

const RESOLVED = CONCEPT_GATE.gated(
  /\b(?:all (?:sorted|good|fine|over|healed)(?: now)?|sorted now|(?<!be )(?:fine|good|okay|ok|safe|settled|better|well|happy|healthy) now|now (?:happily|safe|fine|okay|ok|good|healthy|thriving|married|remarried|engaged|recovered|in a (?:good|better) place|doing (?:well|great|fine|better))|doing (?:well|great|fine|much better) now|(?:is|are|s|been) (?:\w+ )?doing (?:much |so much |loads |a lot |way |really )?better|doing (?:much|so much|loads|a lot|way|heaps) better|in a (?:good|better) place now|(?:(?:it is|that is) (?:all )?|all )behind me|happily (?:re)?married|remarried|moved on|never looked back|(?:he is|hes|he s|she is|shes|she s|they are|theyre) (?:totally |completely |absolutely |all )?(?:fine|okay|ok|well|all good|alright)$|(?:been|have been) (?:well|fine|okay|ok|good|healthy|stable|recovered|in recovery|better|clean) (?:for|since) (?:ages|years|a long time|\d+ years|(?:over|more than|almost|nearly) (?:a|\d+|ten|two|three|four|five|six|seven|eight|nine|twenty) (?:years?|decades?)|(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty) years|a decade)|(?:\d+|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty) years (?:well|clean|free|sober)|how far i have come|(?:felt like|found|brought|gave me) closure|proud of (?:myself|how far|my recovery|where i am)|(?:sad|tough|hard|quiet|emotional|heavy) but (?:ok|okay|coping|alright|fine|good)|^(?:but )?(?:ok|okay)$|^i am (?:doing )?(?:ok|okay|alright)(?: really| though| just \w+)?$|coping (?:well|okay|ok|alright|better))\b/,
);

/**
 * A study or work frame's topic is its subject, not the writer's life: "my essay on self-harm in
 * adolescents" is read without "self-harm in adolescents" (unless the writer is in the topic).
 */
function withoutFrameTopic(sentence: string): string {
  return sentence.replace(FRAME_TOPIC, (topic) =>
    /\b(?:i|me|my|myself)\b/.test(topic) ? topic : ' ',
  );
}

const FRAME_TOPIC =
  /\b(?:essay|essays|dissertation|thesis|assignment|coursework|presentation|project|report|article|chapter|lecture|module|research|paper|talk|podcast|documentary|poster|section|training|course|session|workshop|seminar) (?:\w+ ){0,2}?(?:on|about|into|covering) (?:\w+ ){0,6}\w+|\bscenes? (?:where|in which|with|of) (?:(?!i\b|(?:and|but|so|then) i\b)\w+ ){0,8}(?!i\b|(?:and|but|so|then) i\b)\w+/g;

/**
 * Whether an everyday cause named in the message explains what the lexicon flagged, with nothing
 * in the message that no everyday cause explains: sore legs after leg day, not eating before a
 * blood test.
 */
export function routineExplains(category: CrisisCategory, sentences: readonly string[]): boolean {
  if (category !== 'medical_emergency' && category !== 'eating') return false;
  const concepts = new Set(sentences.flatMap((s) => [...tagConcepts(s)]));
  if (category === 'medical_emergency') {
    return (
      sentences.some((s) => ROUTINE_CAUSE.test(s)) &&
      !['SYMPTOM', 'INGEST_DANGER', 'INGEST_ERROR'].some((k) => concepts.has(k as Concept))
    );
  }
  if (category === 'eating') {
    return (
      concepts.has('ROUTINE_FAST') &&
      !['PURGE', 'BODY_HATE', 'MEAL_RESTRICT', 'ED_SIGNS', 'FOOD_CONCEAL', 'COMPENSATE'].some((k) =>
        concepts.has(k as Concept),
      )
    );
  }
  return false;
}

/**
 * Whether a message says that what it tells of the past is settled ("… years ago, but I'm happily
 * remarried now"), with nothing in it still going on.
 */
export function resolvedMessage(sentences: readonly string[]): boolean {
  return sentences.some(settled) && !sentences.some(stillGoingOn);
}

/** Whether a sentence names a story, news or study frame (fiction, news and study by name). */
export function strongFrame(sentence: string): boolean {
  return STRONG_FRAME.test(sentence) && !NOT_A_STORY.test(sentence);
}

/** Whether any sentence of a message names a story, news or study frame. */
export function framedMessage(sentences: readonly string[]): boolean {
  return sentences.some((s) => STRONG_FRAME.test(s) && !NOT_A_STORY.test(s));
}
