import type { CrisisCategory } from '#contracts/coach.ts';
import { detectCrisis, mostUrgentCategory } from './crisis-guard.ts';

/**
 * The crisis guard as the gateway uses it: a person's fresh words are always read; the texts of a
 * goal or plan the coach has seen before are read once.
 *
 * A breakdown call carries the goal's fields and every title of the plan so far, and the same
 * plan comes back on every call (the engine's own template texts, or titles the person renamed).
 * The guard's decision depends on nothing but the text (each text is read on its own, and the
 * most urgent category of several wins), so a text it has already cleared would be cleared
 * again: it is remembered, by its exact characters, and not read twice. Any change to a text
 * (one renamed task) makes it a new text, which is read. Only cleared texts are remembered; the
 * memory is bounded, forgetting the least recently used first, and holds nothing but the texts.
 */
export interface TextGuard {
  /**
   * The crisis category of the texts, or null. `fresh` (what the person has just typed) is always
   * read; `known` (a goal or plan's texts) is read unless the exact text was cleared before.
   */
  check(
    fresh: ReadonlyArray<string | undefined>,
    known?: ReadonlyArray<string | undefined>,
  ): CrisisCategory | null;
}

/** How many cleared texts are remembered (a few hundred plans' worth of titles). */
const CLEARED_TEXTS_KEPT = 5_000;

export function createTextGuard(
  options: {
    /** The guard over a list of texts (detectCrisis; replaced in tests to count readings). */
    detect?: (texts: readonly string[], options?: { sentences?: boolean }) => CrisisCategory | null;
    capacity?: number;
  } = {},
): TextGuard {
  const detect = options.detect ?? detectCrisis;
  const capacity = options.capacity ?? CLEARED_TEXTS_KEPT;
  /** Cleared texts, least recently used first (a Map keeps insertion order). */
  const cleared = new Map<string, true>();

  const remember = (text: string) => {
    cleared.delete(text);
    cleared.set(text, true);
    if (cleared.size > capacity) {
      const oldest = cleared.keys().next();
      if (!oldest.done) cleared.delete(oldest.value);
    }
  };

  return {
    check(fresh, known = []) {
      const present = (texts: ReadonlyArray<string | undefined>) =>
        texts.filter((t): t is string => typeof t === 'string' && t.trim().length > 0);
      const categories: Array<CrisisCategory | null> = [];
      const freshTexts = present(fresh);
      if (freshTexts.length > 0) categories.push(detect(freshTexts));
      for (const text of new Set(present(known))) {
        if (cleared.has(text)) {
          remember(text); // recently used
          continue;
        }
        // texts seen before (the goal read when it was set, the engine's own titles) are read by
        // the rule layers; the sentence layer reads the person's fresh words (ADR 032)
        const category = detect([text], { sentences: false });
        if (category) categories.push(category);
        else remember(text);
      }
      return mostUrgentCategory(categories);
    },
  };
}
