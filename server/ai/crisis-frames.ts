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
  /\b(?:novel|story|stories|book|books|film|films|movie|movies|series|show(?! up| (?:him|her|them|me|us|my|his|their)\b)|episode|character|characters|protagonist|villain|screenplay|script|fiction|documentary|podcast|article|articles|news|headline|headlines|essay|thesis|dissertation|research|study|studies|lecture|course|module|exam|training|trained|prevention|awareness|charity|charities|volunteer\w*|campaign|fundrais\w*|helpline|counsell?or|nurse|nursing|paramedic|ward|patients?|clients?|therapist|psychology|(?<!\b(?:special|secret|our|little) )game|games|gaming|level|boss fight|blog|history|museum|(?<!\b(?:to|at) (?:the |my |our |his |her )?(?:\w+ )?(?:school |nativity )?)play|poem|song|songs|lyrics|album|rap|true crime|murder mystery|detective|crime scene|dungeons|role play|quiz|(?<!\ba )lessons?|(?<!\bmy (?:pe|form|maths|math|english|science|history|geography|class|school) )teach\w*(?! (?:\w+ ){1,3}a lesson)|students?|pupils?|workshop|first aid|cpr|bls|certificate|how to (?:help|support|recognise|recognize|spot)|support (?:a|my) friend|signs of|symptoms of|what to do (?:if|when)|in case|hypothetically|just curious|for a (?:story|book|novel|film|class|project))\b/,
);

/** The past, told as past: "years ago", "when I was a teenager", "I used to". */
export const PAST_FRAME = CONCEPT_GATE.gated(
  /\b(?:years? ago|when i was (?:younger|a (?:kid|child|teen|teenager|student)|little|at school|in (?:school|college|university)|\d+)|used to|in the past|as a (?:kid|child|teenager|teen)|recovered|recovery|in remission|(?:\d+|two|three|four|five|ten) years (?:clean|free|sober)|back then|growing up|survived|survivor|last (?:year|summer|winter|decade))\b/,
);
/** The frames strong enough to set the lexicon aside: fiction, news and study by name. */
const STRONG_FRAME = CONCEPT_GATE.gated(
  /\b(?:novel|novels|story|stories|thriller|fiction|screenplay|script|school play|the play|a play|rehearsals?|on stage|cast as|acting class|drama class|character|characters|protagonist|villain|documentary|podcast|article|news|headline|essay|thesis|dissertation|(?:studying|revising|cramming) for|section on|chapter on|presentation on|presentation about|sociology|criminology|seminar|flashcards|lecture|module|coursework|textbook|nursing|murder mystery|true crime|video game|boss fight|poem|lyrics|detective|mystery|whodunn?it|nanowrimo|writing (?:a|my) _|i am an? (?:\w+ )?(?:paramedic|nurse|doctor|medic|firefighter|police officer|dispatcher|call handler|emt|midwife|surgeon|pharmacist|lifeguard|social worker|coroner|pathologist)|^(?:an? )?(?:paramedic|nurse|doctor|gp|medic|firefighter|police officer|cop|detective|dispatcher|call handler|emt|midwife|surgeon|pharmacist|lifeguard|social worker|coroner|pathologist|teacher|headteacher|youth worker|counsell?or|therapist|safeguarding lead) (?:here|by trade|on shift|spent|had|did|working)\b|safeguarding (?:training|course|session|module|lead|refresher)|first aid (?:course|training|class|session|refresher|certificate)|(?:spotting|recognising|recognizing) (?:the )?signs of|i work (?:as an?|in) (?:\w+ )?(?:paramedic|nurse|a and e|the er|emergency|ambulance|icu|intensive care)|(?:overdose|cardiac arrest|trauma) (?:calls|jobs|shouts))\b/,
);
export const NOT_A_STORY = CONCEPT_GATE.gated(
  /\b(?:not|nothing) (?:for|about) (?:a|the|my) (?:story|book|novel|project|class|essay)\b/,
);
export const STILL = CONCEPT_GATE.gated(
  /\b(?:again|still|right now|lately|recently|back|relapse\w*|today|tonight|this week)\b/,
);

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
  const joking = /\b(?:haha\w*|lol|lmao|rofl|jk|just kidding|only joking|xd)\b/.test(sentence);
  if (!framed && !joking) return false;
  const concepts = tagConcepts(framed ? withoutFrameTopic(sentence) : sentence);
  return !OWN_DANGER.some((concept) => concepts.has(concept));
}

/**
 * Something told as past and settled since ("left my abusive ex 5 years ago, now happily
 * married"; "an allergic reaction last year, all sorted now"), with nothing of it still going on
 * and no thought of dying in it.
 */
export function resolvedPast(sentence: string, messageResolved: boolean): boolean {
  if (!PAST_FRAME.test(sentence) || STILL.test(sentence)) return false;
  if (!messageResolved && !RESOLVED.test(sentence)) return false;
  const concepts = tagConcepts(sentence);
  return !SUICIDAL.some((concept) => concepts.has(concept));
}

const RESOLVED = CONCEPT_GATE.gated(
  /\b(?:all (?:sorted|good|fine|over|healed)(?: now)?|sorted now|(?<!be )(?:fine|good|okay|ok|safe|better|well|happy|healthy) now|now (?:happily|safe|fine|okay|ok|good|healthy|thriving|married|engaged|recovered|in a (?:good|better) place|doing (?:well|great|fine|better))|doing (?:well|great|fine|much better) now|in a (?:good|better) place now|(?:it is|that is) (?:all )?behind me|happily (?:re)?married|moved on|never looked back|(?:he is|hes|he s|she is|shes|she s|they are|theyre) (?:totally |completely |absolutely |all )?(?:fine|okay|ok|well|all good|alright)$|(?:been|have been) (?:well|fine|okay|ok|good|healthy|stable|recovered|in recovery|better|clean) (?:for|since) (?:ages|years|a long time|\d+ years|(?:over|more than|almost|nearly) (?:a|\d+|ten|two|three|four|five|six|seven|eight|nine|twenty) (?:years?|decades?)|(?:two|three|four|five|six|seven|eight|nine|ten|twenty) years|a decade))\b/,
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
  /\b(?:essay|essays|dissertation|thesis|assignment|coursework|presentation|project|report|article|chapter|lecture|module|research|paper|talk|podcast|documentary|poster|section|training|course|session|workshop|seminar) (?:\w+ ){0,2}?(?:on|about|into|covering) (?:\w+ ){0,6}\w+/g;

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
  return sentences.some((s) => RESOLVED.test(s)) && !sentences.some((s) => STILL.test(s));
}

/** Whether any sentence of a message names a story, news or study frame. */
export function framedMessage(sentences: readonly string[]): boolean {
  return sentences.some((s) => STRONG_FRAME.test(s) && !NOT_A_STORY.test(s));
}
