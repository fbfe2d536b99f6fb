import type { Concept } from './crisis-concept-phrases.ts';
import { MORE_CONCEPTS } from './crisis-concept-phrases.ts';
import { SIGN_CONCEPTS } from './crisis-concept-signs.ts';
import { NEGATABLE } from './crisis-concept-sets.ts';
import { CONCEPTS } from './crisis-concept-table.ts';
import { LiteralGate } from './literal-gate.ts';

/**
 * The concept layer's tagging (crisis-concepts.ts): which concepts one normalised sentence holds,
 * each match cancelled by a negation just before it. The rules and frames read these tags.
 */

const NEGATION =
  /\b(?:not|never|no|without|nor|neither|nothing|nobody|stop|stopped|quit|avoid|avoiding|less|instead of|rather than|no longer|free of|free from)(?: \w+){0,2} $/;

/** "Will not be" is no denial: "I will not be a burden much longer" is the finality itself. */
const FUTURE_BE = /\b(?:will|would|am going to) not be(?: \w+)? $/;

/**
 * Every concept pattern sits behind one literal gate (literal-gate.ts): a concept is looked for
 * only when a word it cannot match without occurs in the sentence.
 */
export const CONCEPT_GATE = new LiteralGate();

const COMPILED: ReadonlyArray<readonly [Concept, RegExp, number]> = [
  ...CONCEPTS,
  ...MORE_CONCEPTS,
  ...SIGN_CONCEPTS,
].map(([concept, source]) => {
  const pattern = new RegExp(source, 'g');
  return [concept, pattern, CONCEPT_GATE.add(pattern)];
});

/** Concepts that name someone else's death, whose words are no thought of the writer's own. */
const OTHERS_DEATH: readonly Concept[] = ['OTHER_GONE', 'DISAPPEAR_OTHER', 'HARM_HOW_Q'];

/** Recent sentences' concepts: the layers of one guard call read the same sentences. */
const recent = new Map<string, ReadonlySet<Concept>>();

/** The concepts in one normalised sentence, each match cancelled by a negation just before it. */
export function tagConcepts(sentence: string): ReadonlySet<Concept> {
  const known = recent.get(sentence);
  if (known) return known;
  const found = tagConceptsAfresh(sentence);
  if (recent.size >= 256) recent.clear();
  recent.set(sentence, found);
  return found;
}

function tagConceptsAfresh(sentence: string): Set<Concept> {
  const found = new Set<Concept>();
  const possible = CONCEPT_GATE.mayMatch(sentence);
  for (const [concept, pattern, id] of COMPILED) {
    if (possible[id] === 1 && matchesConcept(sentence, concept, pattern)) found.add(concept);
  }
  // a death wished on someone else ("better if my roommate didn't wake up", "make him disappear
  // for good", "before they stop breathing") is not the writer's
  const others = OTHERS_DEATH.filter((concept) => found.has(concept));
  if (others.length > 0 && found.has('SELF_DEATH')) {
    let rest = sentence;
    for (const concept of others)
      for (const [pattern] of PATTERNS_OF.get(concept) ?? []) rest = rest.replace(pattern, ' _ ');
    if (!hasConcept(rest, 'SELF_DEATH')) found.delete('SELF_DEATH');
  }
  return found;
}

/**
 * Whether one concept is in a normalised text (the same reading as tagConcepts); `possible` is the
 * gate's reading of the text, when the caller already has it.
 */
export function hasConcept(
  text: string,
  concept: Concept,
  possible: ArrayLike<number> = CONCEPT_GATE.mayMatch(text),
): boolean {
  return (
    PATTERNS_OF.get(concept)?.some(
      ([pattern, id]) => possible[id] === 1 && matchesConcept(text, concept, pattern),
    ) ?? false
  );
}

/** A concept's patterns (most concepts have one), for looking for a single concept. */
const PATTERNS_OF = new Map<Concept, Array<readonly [RegExp, number]>>();
for (const [concept, pattern, id] of COMPILED) {
  PATTERNS_OF.set(concept, [...(PATTERNS_OF.get(concept) ?? []), [pattern, id]]);
}

/** A match of the concept's pattern that no negation just before cancels. */
function matchesConcept(sentence: string, concept: Concept, pattern: RegExp): boolean {
  pattern.lastIndex = 0;
  for (let match = pattern.exec(sentence); match; match = pattern.exec(sentence)) {
    if (match[0].length === 0) {
      pattern.lastIndex += 1;
      continue;
    }
    if (NEGATABLE.has(concept)) {
      const before = sentence.slice(0, match.index);
      if (NEGATION.test(before) && !FUTURE_BE.test(before)) continue;
    }
    return true;
  }
  return false;
}
