import { describe, expect, it } from 'vitest';
import { CONCEPT_GATE } from './crisis-concepts.ts';
import { applyAllowances, LEXICON_GATE, normalizeForGuard, sentencesOf } from './crisis-guard.ts';
import { LiteralGate, requiredLiterals } from './literal-gate.ts';
import { crisisSet } from './safety-eval/crisis-set.ts';

const needs = (pattern: RegExp) => requiredLiterals(pattern)?.map((set) => [...set].sort()) ?? null;

describe('the literals a pattern cannot match without', () => {
  it('joins neighbouring fixed parts and lists every branch of an alternation', () => {
    expect(needs(/\bkill(?:ing)? myself\b/)).toEqual([['kill myself', 'killing myself']]);
    expect(needs(/\bi (?:am|was) (\d+)\b/)).toEqual([['i am ', 'i was ']]);
    expect(needs(/[2-3] (?:boxes|jars)/)).toEqual([['2 boxes', '2 jars', '3 boxes', '3 jars']]);
  });

  it('requires each of several parts that every match holds', () => {
    expect(needs(/\b(?:i|me|my)\b.{0,25}\bsuicid\w*/)).toEqual([['suicid'], ['i', 'me', 'my']]);
    expect(needs(/\bthe (?:\w+ ){0,2}end\b/)).toEqual([['the '], ['end']]);
  });

  it('requires nothing of optional parts, lookarounds or back-references', () => {
    expect(needs(/(?<=foo)bar(?!baz)/)).toEqual([['bar']]);
    expect(needs(/a?b/)).toEqual([['ab', 'b']]);
    expect(needs(/(?:x|)y*/)).toBeNull();
    expect(needs(/(\w+) \1/)).toEqual([[' ']]);
    expect(needs(/\w+|kill/)).toBeNull();
  });

  it('leaves patterns it does not read to be always run', () => {
    expect(requiredLiterals(/kill/i)).toBeNull();
    expect(requiredLiterals(/\p{L}+/u)).toBeNull();
  });
});

describe('a literal gate', () => {
  it('says which patterns can match a text, and runs none that cannot', () => {
    const gate = new LiteralGate();
    const die = gate.gated(/\bwant to (?:die|disappear)\b/);
    const pills = gate.gated(/\b(?:took|swallowed) (?:\d+|all my) pills\b/);
    const anything = gate.gated(/\w+/);
    expect(die.possible('i want to go home')).toBe(false);
    expect(die.possible('i want to disappear')).toBe(true);
    expect(die.test('i want to disappear')).toBe(true);
    expect(pills.possible('i took all my pills')).toBe(true);
    expect(pills.possible('took my vitamins')).toBe(false);
    expect(anything.possible('x')).toBe(true);
    expect(gate.ungated()).toEqual([/\w+/]);
    expect(() => gate.add(/late/)).toThrow(/before the first scan/);
  });

  it('never turns away a guard pattern that would match (lexicon and concepts, the crisis set)', () => {
    // every sixth message of the set, as the patterns read it: normalised, cleared of idioms,
    // sentence by sentence and whole
    const texts = crisisSet
      .filter((_, i) => i % 6 === 0)
      .flatMap((row) => {
        const normalized = normalizeForGuard(row.text);
        return [normalized, applyAllowances(normalized), ...sentencesOf(row.text)];
      });
    const missed = texts.flatMap((text) =>
      [...LEXICON_GATE.missedOn(text), ...CONCEPT_GATE.missedOn(text)].map(
        (pattern) => `${pattern.source.slice(0, 60)} on "${text}"`,
      ),
    );
    expect(missed).toEqual([]);
    expect(LEXICON_GATE.ungated()).toEqual([]);
  });
});
